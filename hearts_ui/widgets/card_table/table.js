// Hearts Academy: the card table (a Streamlit components v2 module, mounted in the page's DOM).
//
// It draws what Python sends in `data` (hearts_ui/widgets/card_table/payload.py): the seats by
// compass, the trick in front of the players, the learner's hand as cards to click or tap.  It holds
// no rules and no words: legality, reasons and every text come in `data`.  What the learner does is
// sent back as one trigger value, `action`: {kind: "play", card} | {kind: "cards", cards} |
// {kind: "seat", seat}, each with the `scene` it was made on, so Python can ignore a stale click.
//
// Motion: when `data.from` is the picture this table is showing, `data.events` (cards played,
// tricks gathered) are shown one by one, `data.delay` ms apart, a finished trick held `data.hold` ms;
// otherwise the table is drawn as is.  A click anywhere on the table during motion finishes it.
// The root's `data-moving` attribute says whether motion is under way (tests and benchmarks wait on it).

const memories = new WeakMap(); // per mounted table: the picture shown, timers, choices, focus

const AREA_OFFSETS = {
  // Where a card comes from (and a won trick goes to), by compass area, in pixels.
  s: [0, 70], n: [0, -70], w: [-80, 0], e: [80, 0],
  sw: [-60, 55], se: [60, 55], nw: [-60, -55], ne: [60, -55],
};

function memoryOf(parent) {
  let memory = memories.get(parent);
  if (!memory) {
    memory = { scene: null, timers: [], chosen: new Set(), chosenScene: null, showLast: false, pending: null };
    memories.set(parent, memory);
  }
  return memory;
}

function stopTimers(memory) {
  memory.timers.forEach((timer) => clearTimeout(timer));
  memory.timers = [];
}

function later(memory, ms, fn) {
  memory.timers.push(setTimeout(fn, ms));
}

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// -- building elements --------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function cardFace(data, code, extraClass) {
  // A card face: rank and suit symbol in the corner, a big suit symbol in the middle.
  const [rank, suit, key] = data.faces[code];
  return el("span", { class: `hat-card k-${key} ${extraClass || ""}` },
    el("span", { class: "hat-idx", "aria-hidden": "true" }, el("span", { class: "hat-rank" }, rank),
      el("span", { class: "hat-suit" }, suit)),
    el("span", { class: "hat-pip", "aria-hidden": "true" }, suit));
}

function cardName(data, code) {
  return data.faces[code][3];
}

// -- the parts of the table -----------------------------------------------------------------------

function badges(data) {
  return el("ul", { class: "hat-badges", "aria-label": data.words.facts },
    data.badges.map((badge) => el("li", { class: `hat-badge${badge.on ? " on" : ""}`, title: badge.h },
      el("span", { class: `hat-glyph${badge.red ? " red" : ""}`, "aria-hidden": "true" }, badge.g), badge.t)));
}

function speedControl(data, ctx) {
  // How fast the others play: on the table itself, kept for the learner by the server.
  if (!data.speeds) return null;
  return el("div", { class: "hat-speed", role: "radiogroup", "aria-label": data.words.speed },
    el("span", { class: "hat-speed-icon", "aria-hidden": "true" }, data.words.speed_short),
    data.speeds.map((speed) => el("button", {
      type: "button", role: "radio", class: `hat-speed-choice${speed.v === data.speed ? " on" : ""}`,
      "aria-checked": speed.v === data.speed ? "true" : "false", "data-speed": speed.v,
      onclick: () => {
        if (speed.v !== data.speed) ctx.send({ kind: "speed", speed: speed.v });
      },
    }, speed.t)));
}

function compactRows(data, seat) {
  // A face-up hand that is not played from here: small card faces, one overlapping fan per suit
  // (the order of a bridge diagram). Each small card carries its own suit, so a fan that wraps on
  // a narrow seat still reads card by card.
  return el("div", { class: "hat-rows" }, seat.rows.map((row) =>
    el("div", { class: `hat-row k-${row.k}` },
      el("span", { class: "hat-row-ranks" }, row.cards.map((code) => el("span", {
        class: `hat-rank-chip${data.marks.includes(code) ? " marked" : ""}`, role: "img",
        "aria-label": markedName(data, code),
      }, el("span", { class: "hat-mini-rank", "aria-hidden": "true" }, data.faces[code][0]),
      el("span", { class: "hat-mini-suit", "aria-hidden": "true" }, row.s)))))));
}

function markedName(data, code) {
  // A marked card says so in words, not only by its outline.
  return data.marks.includes(code) ? `${cardName(data, code)}, ${data.words.marked}` : cardName(data, code);
}

function backs(count) {
  const shown = Math.min(count, 13);
  return el("span", { class: "hat-backs", "aria-hidden": "true" },
    Array.from({ length: shown }, () => el("span", { class: "hat-back" })));
}

function seatPanel(data, seat, ctx) {
  const classes = `hat-seat a-${seat.area}${seat.turn ? " turn" : ""}${seat.pick ? " pickable" : ""}`;
  const attrs = { class: classes, "data-seat": seat.seat, role: "region", "aria-label": seat.label };
  if (seat.pick) {
    Object.assign(attrs, { role: "button", tabindex: 0, "aria-label": `${seat.pick}. ${seat.label}` });
    attrs.onclick = () => ctx.send({ kind: "seat", seat: seat.seat });
    attrs.onkeydown = (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        ctx.send({ kind: "seat", seat: seat.seat });
      }
    };
  }
  let body;
  if (seat.in_tray) body = null; // the hand is drawn in the tray below the felt
  else if (seat.rows) body = seat.count ? compactRows(data, seat) : el("p", { class: "hat-note" }, data.words.hand_empty);
  else if (seat.count) body = el("div", { class: "hat-down" }, backs(seat.count),
    el("span", { class: "hat-count", "data-count": seat.seat }, seat.count_text));
  else body = el("p", { class: "hat-note" }, data.words.hand_empty);
  const exchange = seat.exchange.map((line) => el("p", { class: "hat-exchange" }, line.t, " ",
    line.cards.map((code) => chip(data, code))));
  return el("section", attrs,
    el("div", { class: "hat-head" }, el("span", { class: "hat-name" }, seat.name),
      seat.tags.map((tag) => el("span", { class: `hat-tag ${tag.k}` }, tag.k === "turn" ? `▶ ${tag.t}` : tag.t))),
    el("p", { class: "hat-pile", "data-pile": seat.seat }, el("span", { class: "hat-pile-icon", "aria-hidden": "true" }),
      seat.pile),
    body, exchange);
}

function chip(data, code) {
  // A small card in a line of text: rank and suit symbol in the suit's colour.
  const [rank, suit, key] = data.faces[code];
  return el("span", { class: `hat-chip k-${key}`, role: "img", "aria-label": cardName(data, code) },
    `${rank}${suit}`);
}

function slotCard(data, play, notes, extraClass) {
  const seat = data.seats[play.seat];
  const label = [seat.name, markedName(data, play.card), ...notes].join(", ");
  const marked = data.marks.includes(play.card) ? " marked" : "";
  const face = cardFace(data, play.card, `in-trick${marked} ${extraClass || ""}`);
  face.setAttribute("role", "img");
  face.setAttribute("aria-label", label);
  face.dataset.card = play.card;
  return face;
}

function playNotes(data, trick, play) {
  const notes = [];
  if (play.seat === trick.leader) notes.push(data.words.led);
  if (trick.winner === play.seat) notes.push(data.words.wins);
  else if (trick.winning === play.seat && trick.plays.length > 1) notes.push(data.words.winning);
  return notes;
}

function fillSlots(ctx, plays, trick) {
  // Put each card of `plays` in front of the player who played it; the card winning the trick (or
  // that won it) is the one picked out, as a player's eye looks for it.
  const { data, slots } = ctx;
  for (const slot of slots.values()) slot.replaceChildren();
  for (const play of plays) {
    const slot = slots.get(play.seat);
    if (!slot) continue;
    const notes = trick ? playNotes(data, trick, play) : [];
    let mark = "";
    if (trick && trick.winner === play.seat) mark = "won";
    else if (trick && trick.winner === null && trick.winning === play.seat && plays.length > 1) mark = "winning";
    slot.append(slotCard(data, play, notes, mark));
  }
}

const RANK_ORDER = "23456789TJQKA";

function winningAfter(trick, play) {
  // The seat winning `trick` once `play` joins it: the led suit's highest card (Hearts has no
  // trumps). Used for the learner's own card, shown before the server answers.
  const plays = [...(trick ? trick.plays : []), play];
  const ledSuit = plays[0].card.slice(-1);
  let best = plays[0];
  for (const other of plays) {
    const higher = RANK_ORDER.indexOf(other.card[0]) > RANK_ORDER.indexOf(best.card[0]);
    if (other.card.slice(-1) === ledSuit && higher) best = other;
  }
  return best.seat;
}

function markWinning(ctx, seat) {
  // While a trick is played out card by card: outline the card winning it so far.
  for (const [slotSeat, slot] of ctx.slots) {
    const card = slot.firstChild;
    if (card) card.classList.toggle("winning", slotSeat === seat);
  }
}

function center(data, ctx) {
  const grid = el("div", { class: "hat-slots" });
  ctx.slots = new Map();
  for (const seat of data.seats) {
    const slot = el("div", { class: `hat-slot a-${seat.area}`, "data-slot": seat.seat });
    ctx.slots.set(seat.seat, slot);
    grid.append(slot);
  }
  const trick = data.trick;
  ctx.caption = el("p", { class: "hat-trick-caption" }, trick ? trick.label : data.idle);
  const lastButton = el("button", {
    type: "button", class: "hat-last-button", "aria-pressed": "false", disabled: !data.last,
    onclick: () => toggleLast(ctx),
  }, data.words.last_trick);
  ctx.lastButton = lastButton;
  ctx.region = el("section", { class: "hat-center", "aria-label": trick ? trick.label : data.words.trick_empty },
    ctx.caption, grid, lastButton);
  return ctx.region;
}

function showTrick(ctx) {
  const { data } = ctx;
  const trick = data.trick;
  fillSlots(ctx, trick ? trick.plays : [], trick ? { ...trick, winner: null } : null);
  ctx.caption.textContent = trick ? trick.label : data.idle;
}

function toggleLast(ctx) {
  const { data, memory } = ctx;
  if (!data.last) return;
  finishMotion(ctx);
  memory.showLast = !memory.showLast;
  drawLastState(ctx);
}

function drawLastState(ctx) {
  const { data, memory } = ctx;
  const showing = memory.showLast && data.last;
  ctx.region.classList.toggle("showing-last", Boolean(showing));
  ctx.lastButton.setAttribute("aria-pressed", showing ? "true" : "false");
  ctx.lastButton.textContent = showing ? data.words.back_to_trick : data.words.last_trick;
  if (showing) {
    fillSlots(ctx, data.last.plays, data.last);
    ctx.caption.textContent = data.last.caption;
  } else {
    showTrick(ctx);
  }
}

// -- the learner's hand ------------------------------------------------------------------------

function say(ctx, text) {
  ctx.status.textContent = text || "";
}

function restingStatus(ctx) {
  const hand = ctx.data.hand;
  if (!hand) return ctx.data.status || "";
  return hand.status;
}

function countChosen(ctx) {
  // "1 of 3 chosen": its own line beside the confirm button, never run into a sentence.
  const hand = ctx.data.hand;
  if (!hand || hand.mode !== "select" || !ctx.count) return;
  ctx.count.textContent = hand.chosen[ctx.memory.chosen.size] || "";
}

const VERDICT_SIGNS = { right: "✓", wrong: "✗", missed: "!", suggested: "★" };

function cardButton(ctx, card, index) {
  const { data, memory } = ctx;
  const hand = data.hand;
  const chosen = memory.chosen.has(card.c);
  const verdict = card.v ? `v-${card.v}` : "";
  const classes = ["hand", card.ok ? "ok" : "dim", chosen ? "chosen" : "", card.mark ? "marked" : "", verdict];
  const face = cardFace(data, card.c, classes.join(" "));
  const notes = [card.mark, card.v ? data.words[`verdict_${card.v}`] : "", card.got ? data.words.received_mark : ""];
  const label = [cardName(data, card.c), ...notes.filter(Boolean)].join(", ");
  face.setAttribute("role", "button");
  face.setAttribute("tabindex", index === 0 ? "0" : "-1");
  face.setAttribute("aria-label", label);
  face.dataset.card = card.c;
  if (hand.mode === "select") face.setAttribute("aria-pressed", chosen ? "true" : "false");
  if (!card.ok) {
    face.setAttribute("aria-disabled", "true");
    if (card.why) face.setAttribute("aria-describedby", `hat-why-${card.c}`);
  }
  if (hand.mode === "view") face.setAttribute("aria-disabled", "true");
  if (card.v) face.append(el("span", { class: `hat-verdict v-${card.v}`, "aria-hidden": "true" }, VERDICT_SIGNS[card.v]));
  if (card.got) face.append(el("span", { class: "hat-got", "aria-hidden": "true" }, "↘"));
  face.addEventListener("click", () => activate(ctx, card));
  return face;
}

function activate(ctx, card) {
  const { data, memory } = ctx;
  const hand = data.hand;
  if (!hand || hand.mode === "view" || memory.pending) return;
  finishMotion(ctx);
  if (hand.mode === "select") {
    if (memory.chosen.has(card.c)) memory.chosen.delete(card.c);
    else if (hand.need === 1) memory.chosen = new Set([card.c]);
    else if (hand.need === null || memory.chosen.size < hand.need) memory.chosen.add(card.c);
    else {
      countChosen(ctx);
      return;
    }
    drawHand(ctx, card.c);
    say(ctx, restingStatus(ctx));
    countChosen(ctx);
    return;
  }
  if (!card.ok) {
    say(ctx, card.why);
    ctx.handBox.querySelectorAll(".shake").forEach((node) => node.classList.remove("shake"));
    const node = ctx.handBox.querySelector(`[data-card="${card.c}"]`);
    if (node && !reducedMotion()) {
      void node.offsetWidth; // restart the shake
      node.classList.add("shake");
    }
    return;
  }
  memory.pending = card.c;
  const node = ctx.handBox.querySelector(`[data-card="${card.c}"]`);
  if (node) node.classList.add("sent");
  // Show the card on the table at once; the server's answer replays nothing already shown.
  const slot = ctx.slots.get(hand.seat);
  if (slot && !ctx.memory.showLast) {
    const own = { seat: hand.seat, card: card.c };
    const leads = !data.trick || !data.trick.plays.length;
    slot.replaceChildren(slotCard(data, own, leads ? [data.words.led] : [], "enter"));
    if (data.trick && data.trick.plays.length) markWinning(ctx, winningAfter(data.trick, own));
    memory.optimistic = { seat: hand.seat, card: card.c, at: Date.now() };
  }
  later(memory, 5000, () => { memory.pending = null; });
  ctx.send({ kind: "play", card: card.c });
}

function confirmChoice(ctx) {
  const { data, memory } = ctx;
  const hand = data.hand;
  const count = memory.chosen.size;
  if (memory.pending || !(hand.need === null ? count > 0 : count === hand.need)) return;
  memory.pending = "cards";
  later(memory, 5000, () => { memory.pending = null; });
  const order = hand.cards.map((card) => card.c).filter((code) => memory.chosen.has(code));
  ctx.send({ kind: "cards", cards: order });
}

function cardWidth(box) {
  const probe = box.querySelector(".hat-card.hand");
  return probe ? probe.getBoundingClientRect().width : 64;
}

function layoutHand(ctx) {
  // Lay the cards out in rows that fit the width, overlapping like a fan, at least 42 px of each
  // card visible (its rank and suit); a new row when one row would hide more.
  const box = ctx.handBox;
  const cards = [...box.querySelectorAll(".hat-card.hand")];
  if (!cards.length) return;
  const width = box.clientWidth || box.getBoundingClientRect().width;
  if (!width) return;
  const card = cardWidth(box);
  const gap = 6;
  const visible = 42;
  const perRowMax = Math.max(1, Math.floor((width - card) / visible) + 1);
  const rows = Math.ceil(cards.length / perRowMax);
  const perRow = Math.ceil(cards.length / rows);
  const step = perRow > 1 ? Math.min(card + gap, (width - card) / (perRow - 1)) : card;
  box.style.setProperty("--hat-step", `${Math.floor(step - card)}px`);
  const rowNodes = [];
  for (let start = 0; start < cards.length; start += perRow) {
    rowNodes.push(el("div", { class: "hat-hand-row" }, cards.slice(start, start + perRow)));
  }
  box.replaceChildren(...rowNodes);
}

function moveFocus(ctx, from, delta) {
  const cards = [...ctx.handBox.querySelectorAll(".hat-card.hand")];
  let index = cards.indexOf(from);
  if (index < 0) index = 0;
  const next = delta === "home" ? 0 : delta === "end" ? cards.length - 1
    : Math.max(0, Math.min(cards.length - 1, index + delta));
  focusCard(cards, next);
}

function focusCard(cards, index) {
  cards.forEach((node, position) => node.setAttribute("tabindex", position === index ? "0" : "-1"));
  if (cards[index]) cards[index].focus();
}

function drawHand(ctx, focusCode) {
  const { data } = ctx;
  const hand = data.hand;
  const buttons = hand.cards.map((card, index) => cardButton(ctx, card, index));
  ctx.handBox.replaceChildren(...buttons);
  layoutHand(ctx);
  const cards = [...ctx.handBox.querySelectorAll(".hat-card.hand")];
  if (focusCode !== undefined && focusCode !== null) {
    const index = cards.findIndex((node) => node.dataset.card === focusCode);
    focusCard(cards, index >= 0 ? index : Math.min(ctx.memory.focusIndex || 0, cards.length - 1));
  }
  if (ctx.confirm) {
    const count = ctx.memory.chosen.size;
    ctx.confirm.disabled = !(hand.need === null ? count > 0 : count === hand.need);
  }
}

function tray(data, ctx) {
  const hand = data.hand;
  ctx.status = el("p", { class: "hat-status", role: "status", "aria-live": "polite" });
  if (!hand) return el("div", { class: "hat-tray empty" }, ctx.status);
  ctx.handBox = el("div", {
    class: `hat-hand mode-${hand.mode}`, role: "group", "aria-label": hand.label,
    onkeydown: (event) => {
      const target = event.target.closest ? event.target.closest(".hat-card.hand") : null;
      if (!target) return;
      const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "home", End: "end" };
      if (event.key in moves) {
        event.preventDefault();
        event.stopPropagation(); // the page's arrow-key shortcuts (step back and on) stay out of the hand
        moveFocus(ctx, target, moves[event.key]);
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        const card = hand.cards.find((item) => item.c === target.dataset.card);
        if (card) activate(ctx, card);
      }
    },
    onfocusin: (event) => {
      const cards = [...ctx.handBox.querySelectorAll(".hat-card.hand")];
      const index = cards.indexOf(event.target);
      if (index >= 0) {
        ctx.memory.focusIndex = index;
        cards.forEach((node, position) => node.setAttribute("tabindex", position === index ? "0" : "-1"));
      }
    },
  });
  const reasons = el("div", { class: "hat-sr" }, hand.cards.filter((card) => card.why).map((card) =>
    el("span", { id: `hat-why-${card.c}` }, card.why)));
  ctx.confirm = null;
  ctx.count = null;
  if (hand.mode === "select") {
    ctx.confirm = el("button", { type: "button", class: "hat-confirm", onclick: () => confirmChoice(ctx) },
      hand.confirm);
    ctx.count = el("span", { class: "hat-chosen-count", "aria-live": "polite" });
  }
  const head = el("div", { class: "hat-tray-head" }, el("span", { class: "hat-tray-name", "aria-hidden": "true" },
    hand.label), ctx.status, ctx.count, ctx.confirm);
  return el("div", { class: "hat-tray" }, head, ctx.handBox, reasons);
}

// -- motion -------------------------------------------------------------------------------------

function setMoving(ctx, moving) {
  ctx.moving = moving;
  ctx.root.dataset.moving = moving ? "1" : "0";
}

function finishMotion(ctx) {
  // Jump to the end of a change being shown (a click does not wait for the bots' cards).
  if (!ctx.moving) return;
  stopTimers(ctx.memory);
  setMoving(ctx, false);
  ctx.region.classList.remove("gathering");
  ctx.caption.classList.remove("said");
  settlePiles(ctx);
  showTrick(ctx);
  say(ctx, restingStatus(ctx));
}

function settlePiles(ctx) {
  for (const seat of ctx.data.seats) {
    const pile = ctx.root.querySelector(`[data-pile="${seat.seat}"]`);
    if (pile) pile.lastChild.textContent = seat.pile;
    const count = ctx.root.querySelector(`[data-count="${seat.seat}"]`);
    if (count) count.textContent = seat.count_text;
  }
}

function gatherOffset(ctx, seat) {
  const area = ctx.data.seats[seat].area;
  return AREA_OFFSETS[area] || [0, 0];
}

function play(ctx, steps, index, counts) {
  const { data, memory } = ctx;
  if (index >= steps.length) {
    setMoving(ctx, false);
    showTrick(ctx);
    settlePiles(ctx);
    say(ctx, restingStatus(ctx));
    return;
  }
  const step = steps[index];
  const still = reducedMotion();
  if (step.t === "play") {
    const optimistic = memory.optimistic && memory.optimistic.seat === step.seat && memory.optimistic.card === step.card;
    // The first card of a change, the learner's own and the first after a trick is gathered land at
    // once (the server's answer, or the gathering, was the pause); the others `delay` apart.
    const previous = index > 0 ? steps[index - 1] : null;
    const followsOwn = previous && previous.t === "play" && memory.landedOwn === previous;
    const wait = index === 0 || optimistic || previous.t === "gather" || followsOwn ? 0 : data.delay;
    later(memory, wait, () => {
      const slot = ctx.slots.get(step.seat);
      if (slot) {
        const [x, y] = AREA_OFFSETS[data.seats[step.seat].area] || [0, 0];
        const leads = [...ctx.slots].every(([other, node]) => other === step.seat || !node.firstChild);
        const notes = leads ? [data.words.led] : [];
        const card = slotCard(data, { seat: step.seat, card: step.card }, notes, optimistic || still ? "" : "enter");
        card.style.setProperty("--from-x", `${x}px`);
        card.style.setProperty("--from-y", `${y}px`);
        slot.replaceChildren(card);
      }
      if (step.winning !== null && step.winning !== undefined) markWinning(ctx, step.winning);
      memory.landedOwn = optimistic ? step : null;
      if (optimistic) memory.ownAt = memory.optimistic.at;
      memory.optimistic = null;
      memory.landedAt = optimistic && memory.ownAt ? memory.ownAt : Date.now();
      counts[step.seat] = Math.max(0, counts[step.seat] - 1);
      const count = ctx.root.querySelector(`[data-count="${step.seat}"]`);
      if (count && data.start) count.textContent = counts[step.seat] === data.seats[step.seat].count
        ? data.seats[step.seat].count_text : String(counts[step.seat]);
      say(ctx, step.say);
      play(ctx, steps, index + 1, counts);
    });
    return;
  }
  // A finished trick: mark the winner at once, hold it `data.hold` ms from its last card (the
  // learner's own card counts from their click), then slide it to the winner's pile.
  const landed = memory.landedAt || Date.now();
  const hold = Math.max(still ? 400 : 150, data.hold - (Date.now() - landed));
  const slide = still ? 0 : 200;
  later(memory, 0, () => {
    markWinning(ctx, null);
    const slot = ctx.slots.get(step.seat);
    if (slot && slot.firstChild) slot.firstChild.classList.add("won");
    ctx.caption.textContent = step.say;
    ctx.caption.classList.add("said");
    say(ctx, step.say);
    later(memory, hold, () => {
      const [x, y] = gatherOffset(ctx, step.seat);
      ctx.region.style.setProperty("--to-x", `${x * 1.6}px`);
      ctx.region.style.setProperty("--to-y", `${y * 1.6}px`);
      if (!still) ctx.region.classList.add("gathering");
      later(memory, slide, () => {
        ctx.region.classList.remove("gathering");
        ctx.caption.classList.remove("said");
        ctx.caption.textContent = step.next || "";
        for (const slotNode of ctx.slots.values()) slotNode.replaceChildren();
        const pile = ctx.root.querySelector(`[data-pile="${step.seat}"]`);
        if (pile) {
          pile.classList.add("bump");
          setTimeout(() => pile.classList.remove("bump"), 600); // not a motion timer: the turn need not wait
        }
        play(ctx, steps, index + 1, counts);
      });
    });
  });
}

function startMotion(ctx) {
  const { data } = ctx;
  const start = data.start;
  const leader = start.trick.length ? start.trick[0].seat : null;
  fillSlots(ctx, start.trick, { winner: null, winning: start.winning, leader, plays: start.trick });
  start.piles.forEach((text, seat) => {
    const pile = ctx.root.querySelector(`[data-pile="${seat}"]`);
    if (pile) pile.lastChild.textContent = text;
  });
  start.count_texts.forEach((text, seat) => {
    const count = ctx.root.querySelector(`[data-count="${seat}"]`);
    if (count) count.textContent = text;
  });
  setMoving(ctx, true);
  ctx.caption.textContent = start.label;
  play(ctx, data.events, 0, [...start.counts]);
}

// -- the whole table ---------------------------------------------------------------------------

function draw(parent, data, setTriggerValue) {
  const memory = memoryOf(parent);
  stopTimers(memory);
  const active = parent.activeElement;
  const focusCode = active && active.dataset ? active.dataset.card : undefined;
  const animate = data.delay > 0 && data.events.length > 0 && data.from !== null && memory.scene === data.from;
  if (memory.chosenScene !== data.scene) {
    memory.chosen = new Set(data.hand ? data.hand.cards.filter((card) => card.sel).map((card) => card.c) : []);
    memory.chosenScene = data.scene;
    memory.showLast = Boolean(data.open_last) && !animate; // a replay's step that ended a trick opens on it
  }
  if (memory.scene !== data.scene) memory.optimistic = animate ? memory.optimistic : null;
  memory.scene = data.scene;
  memory.pending = null;

  const ctx = { data, memory, moving: false };
  memory.landedAt = null;
  ctx.send = (action) => setTriggerValue("action", { ...action, scene: data.scene, at: Date.now() });

  const root = parent.querySelector(".hat") || el("div", { class: "hat" });
  root.className = `hat n${data.players}${data.four ? " four" : ""}`;
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", data.title);
  ctx.root = root;
  root.dataset.moving = "0";
  root.onclick = () => finishMotion(ctx); // a click during motion shows its end at once
  const felt = el("div", { class: "hat-felt" }, data.seats.map((seat) => seatPanel(data, seat, ctx)), center(data, ctx));
  // The speed control flows on after the badges (on their last line when there is room).
  const parts = [el("div", { class: "hat-top" }, badges(data), speedControl(data, ctx)), felt, tray(data, ctx)];
  if (data.prompt) parts.unshift(el("p", { class: "hat-prompt" }, data.prompt));
  root.replaceChildren(...parts);
  if (!root.parentNode) parent.append(root);

  if (data.hand) {
    drawHand(ctx, focusCode);
    if (memory.observer) memory.observer.disconnect();
    let lastWidth = ctx.handBox.clientWidth;
    memory.observer = new ResizeObserver(() => {
      const width = ctx.handBox.clientWidth;
      if (Math.abs(width - lastWidth) > 2) {
        lastWidth = width;
        const focused = parent.activeElement && parent.activeElement.dataset ? parent.activeElement.dataset.card : undefined;
        drawHand(ctx, focused);
      }
    });
    memory.observer.observe(ctx.handBox);
  }
  if (animate) startMotion(ctx);
  else {
    drawLastState(ctx);
    say(ctx, restingStatus(ctx));
  }
  countChosen(ctx);
  return memory;
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (!data) return undefined;
  const memory = draw(parentElement, data, setTriggerValue);
  return () => {
    stopTimers(memory);
    if (memory.observer) memory.observer.disconnect();
  };
}
