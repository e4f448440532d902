"""The mental-poker steps of a fair game with private draws (docs/fair-play.md, poker.py):
every seat shuffles and locks the deck in turn, each private draw is opened to its drawer
alone by the other seats' keys, and at the end every seat's deck secret is checked against
what it sent. A part of the party (protocol.py's Party); the helpers here are also the party's
for the private cards in its moves."""

from ..core.errors import BadRequest, IllegalAction
from ..core.game import HIDDEN
from . import crypto, poker
from .table import is_int, new_state


def is_private(state) -> bool:
    c = state.chance_due()
    return c is not None and c.seen_by is not None


def private_batch(state) -> list:
    """The drawers of the private draws due now, one after the other before anything else
    (a set-up's deal is one batch: its keys travel in one message per seat)."""
    owners, probe = [], state
    while is_private(probe):
        if probe is state:
            probe = state.clone()
        owners.append(probe.chance_due().seen_by)
        probe.apply_chance(HIDDEN)
    return owners


def card_key(value) -> bytes:
    return crypto.canonical(value)


def matching(state, public_action, shown, dropped):
    """The legal action of `state` (its mover's cards known) that the others see as
    `public_action`, showing `shown` and putting `dropped` away; None if there is none."""
    want = (crypto.canonical(public_action), sorted(map(card_key, shown)), sorted(map(card_key, dropped)))
    for a in state.legal_actions():
        pa, sh, dr = state.conceal(a)
        if (crypto.canonical(pa), sorted(map(card_key, sh)), sorted(map(card_key, dr))) == want:
            return a
    return None


class DeckSteps:
    """Party's deck steps: the shuffles and locks, the keys of each private draw, the unlocks,
    and the private cards a move shows or puts away."""

    def setup_turn(self):
        """(kind, seat) of the deck step due: shuffles by seat, then locks by seat but the last."""
        t, n = len(self.decks) - 1, self.players
        if t < n:
            return "shuffle", t
        if t < 2 * n - 1:
            return "lock", t - n
        return None

    def keys_needed(self) -> list:
        """The seats whose keys the private draws due now (or the deal's, sent early) need."""
        owners = self.batch_owners if self.batch_owners is not None else private_batch(self.public)
        return [s for s in range(self.players) if any(o != s for o in owners)]

    def keys_missing(self) -> list:
        return [s for s in self.keys_needed() if s not in self.batch]

    # ---- the deck: shuffled and locked by every seat (fair/poker.py) --------------------

    def _deck_list(self, value, field: str) -> list:
        if not (isinstance(value, list) and len(value) == len(self.deck)):
            raise BadRequest(f"{field} lists {len(self.deck)} entries", reason="fair.bad_message", params={"field": field})
        out = [poker.from_text(x) for x in value]
        if not all(x is not None and poker.is_element(x) for x in out):
            raise BadRequest(f"{field}: every entry is a residue mod P, 192 bytes base64url",
                             reason="fair.bad_message", params={"field": field})
        return out

    def _deck_step(self, msg, seat, kind) -> list:
        if self.deck is None:
            raise BadRequest("this game has no private deck", reason="fair.bad_message", params={"field": "kind"})
        if self.started or self.setup_turn() != (kind, seat):
            raise IllegalAction(f"seat {seat}'s {kind} of the deck is not due", reason="fair.deck_not_due",
                                params={"seat": seat})
        # a shuffle needs only the seats before it (it may travel with the seat's join); the
        # last seat's shuffle (keyed by final position) and the locks need every seat
        early = kind == "shuffle" and seat < self.players - 1
        if any(j is None for j in (self.joins[:seat + 1] if early else self.joins)):
            raise IllegalAction("the deck is shuffled when every seat has joined", reason="fair.not_started")
        return self._deck_list(msg["deck"], "deck")

    def _accept_shuffle(self, msg, seat) -> None:
        deck = self._deck_step(msg, seat, "shuffle")
        commits = msg["commits"]
        if not (isinstance(commits, list) and len(commits) == len(self.deck)
                and all(crypto.unb64(c, 32) is not None for c in commits)):
            raise BadRequest("commits: a 32-byte hash for every position", reason="fair.bad_message",
                             params={"field": "commits"})
        self.commits[seat] = list(commits)
        self._deck_accepted(msg, seat, deck)

    def _accept_lock(self, msg, seat) -> None:
        self._deck_accepted(msg, seat, self._deck_step(msg, seat, "lock"))

    def _deck_accepted(self, msg, seat, deck) -> None:
        self.decks = self.decks + [deck]
        self.next_n[seat] += 1
        if all(j is not None for j in self.joins):
            self.transcript.append(msg)
        else:  # the record lists it after the joins
            self.early.append(msg)
        if self.setup_turn() is None:  # every seat has shuffled and locked: the game begins
            state = new_state(self.game, self.players, self.table["options"])
            self._set_state(state, state.clone() if self.seat is not None else state)

    # ---- private draws: each card opened to its drawer alone ------------------------------

    def _key_for(self, seat, pos, text, field):
        k = poker.from_text(text)
        if k is None or not poker.is_key(k) or poker.commitment(self.gid, seat, pos, k) != self.commits[seat][pos]:
            raise BadRequest(f"seat {seat}'s key of deck position {pos} is not the one it committed to",
                             reason="fair.bad_key", params={"seat": seat, "field": field})
        return k

    def _accept_keys(self, msg, seat) -> None:
        first = msg["first"]
        if not is_int(first):
            raise BadRequest("first is a deck position", reason="fair.bad_message", params={"field": "first"})
        if self.deck is None:
            raise BadRequest("this game has no private deck", reason="fair.bad_message", params={"field": "kind"})
        if first < self.next_pos or (first == self.next_pos and seat in self.batch):
            raise IllegalAction(f"seat {seat}'s keys of position {first} again", reason="fair.replayed",
                                params={"seat": seat, "what": f"keys {first}"})
        if self.started and is_private(self.public):
            owners = private_batch(self.public)
        elif (first == 0 and self.first_batch is not None and self.commits[seat] is not None
              and self._deck_done(seat)):
            owners = self.first_batch  # the deal's keys, early: its drawers are known before any draw
        else:
            raise IllegalAction("no private draw is due", reason="fair.keys_not_due", params={"seat": seat})
        needed = [s for s in range(self.players) if any(o != s for o in owners)]
        if first != self.next_pos or seat not in needed:
            raise IllegalAction(f"seat {seat}'s keys of position {first} are not due", reason="fair.keys_not_due",
                                params={"seat": seat})
        self._ascending(seat, self.batch, "keys", f"keys {first}")
        if first + len(owners) > len(self.deck):
            raise IllegalAction("the deck has no card left for this draw", reason="fair.bad_deck",
                                params={"what": "deck"})
        texts = msg["keys"]
        if not (isinstance(texts, list) and len(texts) == len(owners)
                and all((t is None) == (o == seat) for t, o in zip(texts, owners))):
            raise BadRequest(f"keys: one per position drawn now, null for the sender's own",
                             reason="fair.bad_message", params={"field": "keys"})
        keys = {first + i: self._key_for(seat, first + i, t, "keys") for i, t in enumerate(texts) if t is not None}
        # accepted: from here on nothing raises
        self.ahead = not (self.started and is_private(self.public))
        self.next_n[seat] += 1
        self.batch[seat] = msg
        self.batch_owners = list(owners)
        self.card_keys[seat].update(keys)

    def _open_batch(self) -> None:
        """Every key of the private draws due now is in: each card goes to its drawer (this
        seat opens its own), the others are held face down."""
        owners = private_batch(self.public)
        if owners != self.batch_owners:
            raise IllegalAction("the deal is not the one its keys were sent for", reason="fair.bad_deck",
                                params={"what": "deal"})
        first = self.next_pos
        pub = self.public.clone()
        own = self.state.clone() if self.state is not self.public else pub
        mine = {}
        for i, o in enumerate(owners):
            j = first + i
            pub.apply_chance(HIDDEN)
            if o == self.seat:
                m = poker.open_card(self.decks[-1][j], [self.card_keys[s][j] for s in range(self.players) if s != o]
                                    + [self._poker.keys[j]])
                card = self.cards.get(m)
                try:
                    if card is None:
                        raise IllegalAction("not a card")
                    own.apply_chance(card)
                except IllegalAction:
                    raise IllegalAction(f"deck position {j} does not open to a card this seat can draw: "
                                        "someone cheated", reason="fair.bad_deck", params={"what": j}) from None
                mine[j] = card
            elif own is not pub:
                own.apply_chance(HIDDEN)
        self.mine = {**self.mine, **mine}
        kind = self.public.chance_due().kind
        for i, o in enumerate(owners):
            self.held[o].append(first + i)
            self.draws.append([kind, HIDDEN])
        self.next_pos = first + len(owners)
        self.transcript += [self.batch[s] for s in sorted(self.batch)]
        self.batch = {}
        self.batch_owners = None
        self._set_state(own, pub)

    def _accept_unlock(self, msg, seat) -> None:
        if self.deck is None:
            raise BadRequest("this game has no private deck", reason="fair.bad_message", params={"field": "kind"})
        if not self.started or not self.public.is_over:
            raise IllegalAction("the deck secrets are shown when the game is over", reason="fair.unlock_not_due",
                                params={"seat": seat})
        if seat in self.unlocks:
            raise IllegalAction(f"seat {seat}'s deck secret again", reason="fair.replayed",
                                params={"seat": seat, "what": "unlock"})
        self._ascending(seat, self.unlocks, "unlock", "unlock")
        seed = crypto.unb64(msg["seed"], 32)
        if seed is None:
            raise BadRequest("seed is 32 bytes, base64url", reason="fair.bad_message", params={"field": "seed"})
        sec = poker.Secrets(seed, len(self.deck))
        if any(poker.commitment(self.gid, seat, j, k) != c for j, (k, c) in enumerate(zip(sec.keys, self.commits[seat]))):
            raise BadRequest(f"seat {seat}'s deck secret does not give the keys it committed to",
                             reason="fair.bad_key", params={"seat": seat, "field": "seed"})
        unlocks = dict(self.unlocks)
        unlocks[seat] = msg
        dealt = None
        if len(unlocks) == self.players:
            dealt = self._verify_deck([poker.Secrets(crypto.unb64(unlocks[s]["seed"], 32), len(self.deck))
                                       for s in range(self.players)])
        self.next_n[seat] += 1
        self.unlocks = unlocks
        if dealt is not None:
            self.dealt = dealt
            self.transcript += [unlocks[s] for s in range(self.players)]

    def _verify_deck(self, secs) -> dict:
        """Every deck step again from every seat's secret, and every card shown against its
        position: {position: card} of every card drawn; else IllegalAction saying what failed."""
        n, d = self.players, self.decks

        def bad(what):
            return IllegalAction(f"the deck does not check: {what}", reason="fair.bad_deck", params={"what": what})
        for t in range(n):
            if secs[t].shuffle(d[t], per_card=t == n - 1) != d[t + 1]:
                raise bad(f"seat {t}'s shuffle is not the deck before it, encrypted and shuffled by its secret")
        for t in range(n - 1):
            if secs[t].lock(d[n + t]) != d[n + t + 1]:
                raise bad(f"seat {t}'s lock is not the deck before it, re-keyed by its secret")
        perms = [sec.permutation(len(self.deck)) for sec in secs]
        dealt = {}
        for j in range(self.next_pos):
            i = j
            for t in range(n - 1, -1, -1):
                i = perms[t][i]
            dealt[j] = self.cards[d[0][i]]
        for s in range(n):
            for j, card in self.shown[s].items():
                if card_key(dealt[j]) != card_key(card):
                    raise bad(f"seat {s} showed {str(card)[:20]} for deck position {j}, which holds another card")
        self._replay_known(dealt, bad)
        return dealt

    def _replay_known(self, dealt: dict, bad) -> None:
        """The whole game once more with every card known: each private draw gets its position's
        card, and each move must be a legal move of its seat's real cards that looks exactly as
        sent (a pass with a playable card hidden, a card kept face down but played later from
        those put away: caught here)."""
        state = new_state(self.game, self.players, self.table["options"])
        draws, pos = iter(self.draws), 0
        for m in [m for m in self.transcript if m["kind"] == "act"] + [None]:
            while state.chance_due() is not None:
                kind, outcome = next(draws)
                if outcome == HIDDEN:
                    outcome, pos = dealt[pos], pos + 1
                try:
                    state.apply_chance(outcome)
                except IllegalAction:
                    raise bad(f"deck position {pos - 1} gives {str(outcome)[:20]}, which the table could not draw "
                              "then") from None
            if m is None:
                return
            shown = [c for _, c, _ in m.get("open", [])]
            dropped = [dealt[j] for j in m.get("drop", [])]
            if matching(state, m["action"], shown, dropped) is None:
                raise bad(f"seat {m['seat']}'s move {m['step']} does not fit the cards it held")
            state.apply_legal(matching(state, m["action"], shown, dropped))

    # ---- a move's private cards: shown with their keys, or put away face down -------------

    def _positions(self, value, seat, field) -> list:
        if not (isinstance(value, list) and value):
            raise BadRequest(f"{field} is a non-empty list", reason="fair.bad_message", params={"field": field})
        return value

    def _private_act(self, msg, seat) -> tuple:
        """A move in a game with private cards: the cards it shows are checked against the deck
        (E_keys(card) = the position's entry: one exponentiation), the public state shows them
        and applies the move; (public after, own after, shows, drops)."""
        held = self.held[seat]
        shows, drops, used = [], [], set()
        if "open" in msg:
            for entry in self._positions(msg["open"], seat, "open"):
                if not (isinstance(entry, list) and len(entry) == 3 and is_int(entry[0])
                        and entry[0] in held and entry[0] not in used):
                    raise IllegalAction(f"seat {seat} shows a card it does not hold hidden", reason="fair.not_held",
                                        params={"seat": seat})
                j, card = entry[0], entry[1]
                used.add(j)
                k = self._key_for(seat, j, entry[2], "open")
                code = self.codes.get(card_key(card)) if isinstance(card, (str, int)) else None
                if code is None or poker.sealed(code, [self.card_keys[s][j] if s != seat else k
                                                       for s in range(self.players)]) != self.decks[-1][j]:
                    raise IllegalAction(f"seat {seat}'s card at deck position {j} is not {str(card)[:20]}",
                                        reason="fair.bad_card", params={"seat": seat})
                shows.append((j, card, k))
        if "drop" in msg:
            for j in self._positions(msg["drop"], seat, "drop"):
                if not (is_int(j) and j in held and j not in used):
                    raise IllegalAction(f"seat {seat} puts away a card it does not hold hidden",
                                        reason="fair.not_held", params={"seat": seat})
                used.add(j)
                drops.append(j)
        action = msg["action"]
        pub = self.public.clone()
        try:
            for _, card, _ in shows:
                pub.reveal(seat, card)
        except IllegalAction:
            raise IllegalAction(f"seat {seat} shows a card the table has seen already", reason="fair.bad_card",
                                params={"seat": seat}) from None
        before = pub.clone()
        self._apply_checked(pub, action, seat)
        public_action, shown, dropped = before.conceal(action)
        if (crypto.canonical(public_action) != crypto.canonical(action)
                or sorted(map(card_key, shown)) != sorted(card_key(c) for _, c, _ in shows)
                or len(dropped) != len(drops)):
            raise IllegalAction(f"seat {seat}'s move shows or puts away other cards than it says",
                                reason="fair.bad_open", params={"seat": seat})
        if self.state is self.public:
            return pub, pub, shows, drops
        own = self.state.clone()
        if seat == self.seat:  # this seat's own move: the one legal action that looks like this
            a = matching(own, action, [c for _, c, _ in shows], [self.mine[j] for j in drops])
            if a is None:
                raise IllegalAction("this seat's move does not fit its cards", reason="fair.bad_open",
                                    params={"seat": seat})
            self._apply_checked(own, a, seat)
            return pub, own, shows, drops
        for _, card, _ in shows:
            own.reveal(seat, card)
        self._apply_checked(own, action, seat)
        return pub, own, shows, drops

    # ---- the deck steps and keys this seat sends ------------------------------------------

    def _deck_done(self, seat) -> bool:
        """Whether every deck step of `seat` is in (its lock; the last seat's shuffle)."""
        n = self.players
        last = n + seat if seat < n - 1 else n - 1
        return len(self.decks) - 1 > last

    def _early_keys(self):
        """The deal's keys with this seat's last deck step, before the deal is due: its drawers
        are known before any draw (Party.first_batch), so nobody learns another's card."""
        owners = self.first_batch
        if (self.deck is None or owners is None or self.next_pos != 0 or self.seat in self.batch
                or all(o == self.seat for o in owners)):
            return None
        return self._keys_message(owners)

    def _keys_message(self, owners) -> dict:
        keys = [None if o == self.seat else poker.to_text(self._poker.keys[self.next_pos + i])
                for i, o in enumerate(owners)]
        return self._make({"kind": "keys", "first": self.next_pos, "keys": keys})

    def _deck_message(self, kind) -> dict:
        if kind == "shuffle":
            deck = self._poker.shuffle(self.decks[-1], per_card=self.seat == self.players - 1)
            commits = [poker.commitment(self.gid, self.seat, j, k) for j, k in enumerate(self._poker.keys)]
            return self._make({"kind": "shuffle", "deck": [poker.to_text(x) for x in deck], "commits": commits})
        return self._make({"kind": "lock", "deck": [poker.to_text(x) for x in self._poker.lock(self.decks[-1])]})
