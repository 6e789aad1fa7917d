"""Between flights: anger and complaints, new passengers, stage and weather changes, the final round and the exit
count, and the upgrades every pilot buys at once with delivered fares."""

from __future__ import annotations

from engine.core.contract import Event, IllegalAction, Option
from engine.now_boarding.board import DASH
from engine.now_boarding.data import catalog
from engine.now_boarding.setup import (
    begin_weather,
    draw_passengers,
    place_token,
    round_name,
    route_spaces,
    stage_name,
    weather_card,
    who,
)
from engine.now_boarding.state import NBState, Pax, Plane

COMPLAINTS_TO_LOSE = 3
ANGER_TO_COMPLAIN = 4
BABY_ANGER = 2
MAX_SEATS = 5
MAX_SPEED = 9


def start_flight(st: NBState) -> list[Event]:
    """A new flight phase: waiting passengers are turned face up and every plane gets its full speed."""
    st.phase = "flight"
    events: list[Event] = []
    for cards in st.airports.values():
        for card in cards:
            if not card.face_up:
                card.face_up = True
                if card.vip == "grumpy":
                    card.anger = 1
    for plane in st.planes:
        plane.moves_left = plane.speed
        plane.done = False
    final = " This is the final round." if st.final_round else ""
    events.append(Event(text=f"{round_name(st)}: the flight phase begins.{final}"))
    return events


def _complain(st: NBState, card: Pax, why: str) -> Event:
    card.anger = 0
    st.complaints.append(card)
    # "4 of 3" read as nonsense when several passengers complained at once: the count, then what it is measured by.
    filed = len(st.complaints) + st.exit_complaints
    return Event(text=f"{card.origin}>{card.dest} {why} and files a complaint ({filed} so far; "
                      f"{COMPLAINTS_TO_LOSE} lose the day).")


def _check_lost(st: NBState) -> list[Event]:
    if len(st.complaints) + st.exit_complaints >= COMPLAINTS_TO_LOSE:
        st.lost = True
        st.phase = "over"
        total = len(st.complaints) + st.exit_complaints
        return [Event(text=f"{total} complaints: the airline is out of business and everyone loses.")]
    return []


def add_anger(st: NBState) -> list[Event]:
    """One anger on every waiting passenger, or two on one waiting with a Crying Baby (another passenger than
    itself); the fourth makes them leave with a complaint."""
    events: list[Event] = []
    for code, cards in st.airports.items():
        babies = [c for c in cards if c.vip.startswith("baby")]
        for card in cards:
            card.anger += BABY_ANGER if any(b is not card for b in babies) else 1
        for card in [c for c in cards if c.anger >= ANGER_TO_COMPLAIN]:
            cards.remove(card)
            events.append(_complain(st, card, f"waited too long at {code}"))
    return events + _check_lost(st)


def exit_count(st: NBState) -> list[Event]:
    left = sum(len(c) for c in st.airports.values()) + sum(len(p.cargo) for p in st.planes)
    st.exit_complaints = left // 2
    events = [Event(text=f"The day is over: {left} passenger{'s' if left != 1 else ''} never arrived, "
                         f"{st.exit_complaints} more complaint{'s' if st.exit_complaints != 1 else ''}.")]
    lost = _check_lost(st)
    if not lost:
        st.phase = "over"
        total = len(st.complaints) + st.exit_complaints
        events.append(Event(text=f"With {total} complaint{'s' if total != 1 else ''} the airline is a success: "
                                 "everyone wins!"))
    return events + lost


def change_stage(st: NBState) -> list[Event]:
    events: list[Event] = []
    for code, cards in st.airports.items():
        for card in [c for c in cards if c.vip and c.stage == st.stage]:
            cards.remove(card)
            events.append(_complain(st, card, f"(a VIP) was still waiting at {code} when the "
                                              f"{stage_name(st.stage)} ended"))
    events += _check_lost(st)
    if st.lost:
        return events
    st.stage += 1
    st.stage_began = st.round + 1 if st.stage_began else 0
    events.append(Event(text=f"The {stage_name(st.stage)} begins."))
    return events + begin_weather(st)


def end_flight(st: NBState) -> list[Event]:
    """The flight phase is over: run the maintenance steps up to the purchases (or to the end of the game). A new
    stage's weather is placed before its first passengers are drawn; the steps after it wait for that."""
    st.phase = "maintenance"
    events = add_anger(st)
    if st.lost:
        return events
    if st.final_round:
        return events + exit_count(st)
    if not st.piles[st.stage] and st.stage < 2:
        events += change_stage(st)
        if st.lost:
            return events
        if st.weather_left:
            return events + weather_step(st)
    return events + prepare_round(st)


def prepare_round(st: NBState) -> list[Event]:
    """New passengers for the next round (or the final round's notice), then the purchases."""
    st.phase = "maintenance"
    events: list[Event] = []
    if not st.piles[st.stage]:
        st.final_round = True
        events.append(Event(text="No passengers are left to check in: one final round to deliver everyone."))
    else:
        events += draw_passengers(st)
    return events + start_purchases(st)


def weather_step(st: NBState) -> list[Event]:
    """The team places this stage's tokens. A route of one space leaves nothing to choose: its token goes there at
    once. When none is left to place, the game goes on."""
    st.phase = "weather"
    events: list[Event] = []
    while st.weather_left and route_spaces(weather_card(st)) == 1:
        token = place_token(st, 1)
        a, b = token.route.split("-")
        events.append(Event(text=f"The {token.kind} goes on the only space of {a}{DASH}{b}."))
    return events + (weather_placed(st) if not st.weather_left else [])


def weather_placed(st: NBState) -> list[Event]:
    """The last token of a stage is down: at setup the first flight begins, between stages the maintenance goes
    on."""
    if st.stage == 0:
        return start_flight(st)
    return prepare_round(st)


def start_purchases(st: NBState) -> list[Event]:
    """Every pilot who can afford something buys at once; the others are done already."""
    for seat, plane in enumerate(st.planes):
        plane.credit = 0
        plane.done = len(purchase_options(st, seat)) <= 1
    if all(p.done for p in st.planes):
        return next_round(st)
    return [Event(text="Maintenance: pilots with fares to spend may buy upgrades.")]


def next_round(st: NBState) -> list[Event]:
    for plane in st.planes:
        plane.credit, plane.paying = 0, ""
    st.round += 1
    return start_flight(st)


def budget(plane: Plane) -> int:
    return plane.credit + sum(c.fare for c in plane.money)


def _ordinal(n: int) -> str:
    return {2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def prices(st: NBState, seat: int) -> list[tuple[str, str, int]]:
    """(option id, label, price) of every upgrade this plane could buy now, affordable or not."""
    up = catalog().upgrades
    plane = st.planes[seat]
    out: list[tuple[str, str, int]] = []
    if plane.seats < MAX_SEATS and st.supply["seat"] > 0:
        out.append(("buy:seat", f"{_ordinal(plane.seats + 1)} seat", up.seat_prices[plane.seats - 1]))
    if plane.speed < MAX_SPEED and st.supply["speed"] > 0:
        out.append(("buy:speed", f"speed {plane.speed + 1}", up.speed_prices[plane.speed - up.start_speed]))
    for key in sorted(k for k in st.supply if k.startswith("route:")):
        colour = key.split(":")[1]
        if colour not in plane.routes and st.supply[key] > 0:
            out.append((f"buy:{key}", f"{colour} routes ({catalog().plane(colour).letter})", up.route_price))
    if st.temp["seat"] is None:
        out.append(("buy:tempseat", "temporary seat token", up.temp_seat_price))
    if st.temp["speed"] is None:
        out.append(("buy:tempspeed", "temporary speed token", up.temp_speed_price))
    return out


def purchase_options(st: NBState, seat: int) -> list[Option]:
    plane = st.planes[seat]
    if plane.paying:
        return payment_options(st, seat)
    money = budget(plane)
    opts = [Option(id=oid, label=f"Buy {label} for ${price}") for oid, label, price in prices(st, seat)
            if price <= money]
    opts.append(Option(id="done", label="Done buying"))
    return opts


def purchase_prompt(st: NBState, seat: int) -> str:
    plane = st.planes[seat]
    if plane.paying:
        label, price = _offer(st, seat, plane.paying) or ("upgrade", 0)
        credit = f" (after your ${plane.credit} of change)" if plane.credit else ""
        return (f"Maintenance: pay for the {label} (${price}){credit} with which fares? Whatever you pay over the "
                "price stays yours to spend in this maintenance only.")
    return f"Maintenance: you have ${budget(plane)} to spend on upgrades."


def covers(plane: Plane, need: int) -> list[tuple[int, ...]]:
    """Every way to hand in fare cards worth at least `need` where no card could be left out (a card more would
    only be change): each as its fares, highest first, the least overspent first (then the fewest cards)."""
    counts = {fare: sum(1 for c in plane.money if c.fare == fare) for fare in sorted({c.fare for c in plane.money})}
    found: list[tuple[int, ...]] = []

    def walk(fares: list[int], chosen: list[int]) -> None:
        if not fares:
            total = sum(chosen)
            if total >= need and all(total - f < need for f in set(chosen)):
                found.append(tuple(sorted(chosen, reverse=True)))
            return
        fare, rest = fares[0], fares[1:]
        for n in range(counts[fare] + 1):
            walk(rest, chosen + [fare] * n)

    walk(list(counts), [])
    return sorted(found, key=lambda fares: (sum(fares) - need, len(fares), [-f for f in fares]))


def _fares(fares: tuple[int, ...]) -> str:
    return " + ".join(f"${f}" for f in fares)


def payment_options(st: NBState, seat: int) -> list[Option]:
    plane = st.planes[seat]
    offer = _offer(st, seat, plane.paying)
    opts: list[Option] = []
    if offer is not None:
        need = offer[1] - plane.credit
        for fares in covers(plane, need):
            over = sum(fares) - need
            change = f", ${over} of change to spend now" if over else ", no change"
            opts.append(Option(id=f"pay:{'+'.join(map(str, fares))}", label=f"Pay {_fares(fares)}{change}"))
    opts.append(Option(id="cancel", label="Buy nothing after all"))
    return opts


def _offer(st: NBState, seat: int, choice: str) -> tuple[str, int] | None:
    return next(((label, price) for oid, label, price in prices(st, seat) if oid == choice), None)


def pay(plane: Plane, price: int, fares: tuple[int, ...] | None = None) -> list[Pax]:
    """Pay from this phase's change first, then with fare cards: `fares` when the pilot chose them, else the only
    way there is (or the least overspent); what is paid over the price stays as change until the maintenance phase
    ends. Returns the cards spent."""
    need = price - plane.credit
    if need <= 0:
        plane.credit -= price
        return []
    if fares is None:
        fares = covers(plane, need)[0]
    used: list[int] = []
    for fare in fares:
        used.append(next(i for i, c in enumerate(plane.money) if c.fare == fare and i not in used))
    spent = [plane.money[i] for i in used]
    plane.money = [c for i, c in enumerate(plane.money) if i not in used]
    plane.credit = sum(fares) - need
    return spent


def buy(st: NBState, seat: int, choice: str) -> list[Event]:
    plane = st.planes[seat]
    if plane.done:
        raise IllegalAction("You pressed Done for this maintenance already.")
    if plane.paying:
        return _settle(st, seat, choice)
    offer = _offer(st, seat, choice)
    if offer is None:
        if choice.startswith("pay:") or choice == "cancel":
            raise IllegalAction("Pick an upgrade first; you pay for it next.")
        raise IllegalAction("That upgrade is not for sale to your plane.")
    label, price = offer
    if price > budget(plane):
        raise IllegalAction(f"The {label} costs ${price}; you have ${budget(plane)}.")
    if price > plane.credit and len(covers(plane, price - plane.credit)) > 1:
        plane.paying = choice  # several ways to pay: the pilot picks the fares next
        return []
    return _bought(st, seat, choice, pay(plane, price))


def _settle(st: NBState, seat: int, choice: str) -> list[Event]:
    """The pilot's answer to 'which fares?': a payment, or no purchase after all."""
    plane = st.planes[seat]
    wanted = plane.paying
    if choice == "cancel":
        plane.paying = ""
        return []
    offer = _offer(st, seat, wanted)
    if offer is None:
        raise IllegalAction("Another pilot has just bought that one: it is no longer for sale.")
    if choice not in {o.id for o in payment_options(st, seat)}:
        raise IllegalAction("Those fares are not a way to pay for it: hand in cards worth at least the price, none "
                            "of them more than needed.")
    fares = tuple(int(f) for f in choice.removeprefix("pay:").split("+"))
    plane.paying = ""
    return _bought(st, seat, wanted, pay(plane, offer[1], fares))


def _bought(st: NBState, seat: int, choice: str, spent: list[Pax]) -> list[Event]:
    plane = st.planes[seat]
    label, price = _offer(st, seat, choice) or ("upgrade", 0)
    st.spent += [c.id for c in spent]
    what = choice.split(":", 1)[1]
    if what == "seat":
        plane.seats += 1
        st.supply["seat"] -= 1
    elif what == "speed":
        plane.speed += 1
        st.supply["speed"] -= 1
    elif what.startswith("route:"):
        plane.routes.append(what.split(":")[1])
        st.supply[what] -= 1
    else:
        st.temp["seat" if what == "tempseat" else "speed"] = seat
    left = f" (${plane.credit} of change left to spend now)" if plane.credit else ""
    return [Event(text=f"{who(seat)} bought the {label} for ${price}.{left}")]


def maintenance_done(st: NBState, seat: int) -> list[Event]:
    if st.planes[seat].paying:
        raise IllegalAction("First pick the fares to pay with, or buy nothing after all.")
    st.planes[seat].done = True
    if all(p.done for p in st.planes):
        return next_round(st)
    return []
