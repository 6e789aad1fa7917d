"""A test per employee and per interacting pair (Guard, Investigator, Jack, Recruiter, Factory Manager + Thief)."""

from __future__ import annotations

from engine.planecrafters.game import GAME
from tests.planecrafters.helpers import at, build, do, find, give, hand, ids, plane_of, start


def test_accountant_pays_per_employee_before_or_after_hiring() -> None:
    s = start()
    give(s, 0, "accountant")
    s, _ = do(s, 0, "hire:technician", "collect:accountant")
    assert s.crowns[0] == 5 - 3 + 2
    assert "collect:accountant" not in ids(s)


def test_accountant_collects_itself_when_acquire_starts() -> None:
    s = start()
    give(s, 0, "accountant")
    s, _ = do(s, 0, "acquire")
    assert s.crowns[0] == 6


def test_tax_collector_takes_one_from_each_player_with_crowns() -> None:
    s = start(3)
    give(s, 0, "taxcollector")
    s.crowns = [5, 0, 4]
    s, _ = do(s, 0, "collect:tax")
    assert s.crowns == [6, 0, 3]


def test_recruiter_discount_by_tier() -> None:
    s = start()
    give(s, 0, "recruiter")
    s.crowns[0] = 20
    labels = {o.id: o.label for o in GAME.pending(s)[0].options}
    assert labels["hire:technician"].endswith("for 2")
    assert labels["hire:spy"].endswith("for 3")
    assert labels["hire:acepilot"].endswith("for 5")


def test_agent_trades_hands_blindly_and_privately() -> None:
    s = at(start(), "abilities")
    give(s, 0, "agent")
    s.uses = {"agent": 1}
    mine, theirs = list(s.hands[0]), list(s.hands[1])
    s, _ = do(s, 0, "agent:trade:1")
    assert s.hands[0] == theirs and s.hands[1] == mine
    assert not any(o.startswith("agent") for o in ids(s))


def test_agent_trade_events_are_private_to_the_two_players() -> None:
    s = at(start(), "abilities")
    s.uses = {"agent": 1}
    events = GAME.apply(s, 0, "agent:trade:1")
    public = [e.text for e in events if e.private_to is None]
    assert public == ["Player 1's Agent traded hands with Player 2."]
    assert {e.private_to for e in events if e.private_to is not None} == {0, 1}


def test_agent_swaps_up_to_two_cards_with_the_depot() -> None:
    s = at(start(), "abilities")
    s.uses = {"agent": 1}
    give_card, depot_card = s.hands[0][0], s.depot[2]
    s, _ = do(s, 0, "agent:swap", f"give:{give_card}", "slot:2")
    assert s.depot[2] == give_card and depot_card in s.hands[0]
    assert s.step == "swap_give"
    s, _ = do(s, 0, f"give:{s.hands[0][0]}", "slot:0")
    # The one Agent use is spent and nothing else is left to use, so the turn moves on to the Flyer step.
    assert s.step == "flyer" and not any(o.startswith("agent") for o in ids(s))


def test_logistician_adds_a_draw_and_a_hand_card() -> None:
    s = start()
    give(s, 0, "logistician")
    s, _ = do(s, 0, "acquire", "take:stack", "take:stack", "logistician")
    assert s.step == "draw" and ids(s) == ["take:0", "take:1", "take:2", "take:3", "take:stack"]
    s, _ = do(s, 0, "take:stack")
    assert s.step == "flyer" and len(s.hands[0]) == 6
    s = at(s, "buyer")
    hand(s, 0, s.stack[:6])
    s, _ = do(s, 0, "cleanup")
    assert s.turn == 1


def test_the_logistician_draw_is_an_acquire_ability_the_player_may_skip() -> None:
    # The book: take two cards, then you may use your Acquire employees; the Logistician "allows" one more draw.
    s = start()
    give(s, 0, "logistician")
    s, _ = do(s, 0, "acquire", "take:stack", "take:stack")
    assert s.step == "abilities" and ids(s) == ["logistician", "flyer"]
    labels = [o.label for o in GAME.pending(s)[0].options]
    assert labels == ["Logistician: take one more card", "Go on to the Flyer step"]
    s, _ = do(s, 0, "flyer")
    assert s.step == "flyer" and len(s.hands[0]) == 3 + 2


def test_the_agent_may_trade_before_the_logistician_draw() -> None:
    # The Agent acts "after your first two parts cards": a card drawn for the Logistician afterwards stays yours.
    s = start()
    give(s, 0, "logistician")
    give(s, 0, "agent")
    s, _ = do(s, 0, "acquire", "take:stack", "take:stack")
    assert ids(s)[:2] == ["logistician", "agent:trade:1"]
    theirs = list(s.hands[1])
    s, _ = do(s, 0, "agent:trade:1", "logistician")
    top = s.stack[0]
    s, _ = do(s, 0, "take:stack")
    assert s.hands[0] == [*theirs, top] and s.step == "flyer"


def test_two_logistician_abilities_give_two_extra_draws_one_at_a_time() -> None:
    s = start()
    give(s, 0, "logistician")
    give(s, 0, "logistician")
    s, _ = do(s, 0, "acquire", "take:stack", "take:stack", "logistician", "take:0")
    assert s.step == "abilities" and ids(s) == ["logistician", "flyer"]
    s, _ = do(s, 0, "logistician", "take:stack")
    assert s.step == "flyer" and len(s.hands[0]) == 3 + 4


def test_spy_sees_the_hand_privately_and_takes_one_card() -> None:
    s = at(start(), "abilities")
    s.uses = {"spy": 1}
    victim_hand = list(s.hands[1])
    s, texts = do(s, 0, "spy:1")
    assert ids(s) == [f"steal:{n}" for n in range(len(victim_hand))]
    events = GAME.apply(s, 0, "steal:0")
    assert victim_hand[0] in s.hands[0] and victim_hand[0] not in s.hands[1]
    public = [e.text for e in events if e.private_to is None]
    assert public == ["Player 1's Spy took a card from Player 2."]


def test_factory_manager_builds_several_planes_swaps_parts_and_has_no_hand_limit() -> None:
    s = at(start(), "flyer")
    give(s, 0, "factorymanager")
    nose = find("Red Sparrow", "nose")
    build(s, 0, {"nose": find("Cloud Mule", "nose")})
    hand(s, 0, [nose])
    # With several planes to build on, the plane comes first (a public step), then the card and its slot there.
    assert [o.label for o in GAME.pending(s)[0].options][1:] == [
        "Nothing to sell: clean up and end the turn", "Build onto plane 1...", "Build onto a new plane..."]
    s, _ = do(s, 0, "build:1")
    assert ids(s) == ["back", f"play:{nose}:1:nose"]
    s, _ = do(s, 0, f"play:{nose}:1:nose")
    assert len(s.planes[0]) == 2 and s.step == "flyer" and s.onto is None
    s, _ = do(s, 0, "moves", "move:0:nose", "to:1:nose")
    assert s.planes[0][0].parts["nose"] == nose
    s = at(s, "buyer")
    hand(s, 0, s.stack[:9])
    s, _ = do(s, 0, "cleanup")
    assert s.turn == 1 and len(s.hands[0]) == 9


def test_technician_adds_a_play() -> None:
    s = at(start(), "abilities")
    give(s, 0, "technician")
    cards = [find("Cloud Mule", x) for x in ("nose", "tail", "lwing")]
    hand(s, 0, cards)
    s, _ = do(s, 0, "flyer")
    assert s.plays_left == 3


def test_thief_steals_a_part_into_the_same_slot() -> None:
    s = at(start(), "abilities")
    s.uses = {"thief": 1}
    tail = find("Sky Whale", "tail")
    build(s, 1, {"tail": tail})
    s, _ = do(s, 0, "thief:1")  # one part to steal: the steal needs no click of its own
    assert s.planes[0][0].parts == {"tail": tail} and s.planes[1][0].parts == {}


def test_ace_pilot_adds_two_crowns_to_a_sale() -> None:
    s = at(start(), "buyer")
    give(s, 0, "acepilot")
    build(s, 0, plane_of("Puddle Jumper"))
    s, _ = do(s, 0, "sell:0")
    assert s.crowns[0] == 5 + 10 + 2 and s.distinction_value == 10


def test_contractor_sells_an_incomplete_plane() -> None:
    s = at(start(), "buyer")
    assert ids(s) == ["cleanup"]
    give(s, 0, "contractor")
    build(s, 0, {"nose": find("Puddle Jumper", "nose")})
    s, _ = do(s, 0, "sell:0")
    assert s.crowns[0] == 6


def test_two_contractors_add_one_per_plane() -> None:
    s = at(start(), "buyer")
    give(s, 0, "contractor")
    give(s, 0, "contractor")
    build(s, 0, {"nose": find("Puddle Jumper", "nose")})
    s, _ = do(s, 0, "sell:0")
    assert s.crowns[0] == 5 + 1 + 1


def test_bosses_boss_takes_the_first_two_crowns() -> None:
    s = at(start(), "buyer")
    give(s, 1, "bossesboss")
    build(s, 0, plane_of("Puddle Jumper"))
    s, _ = do(s, 0, "sell:0")
    assert s.crowns == [5 + 8, 5 + 2]


def test_bosses_boss_takes_only_what_the_sale_pays() -> None:
    s = at(start(), "buyer")
    give(s, 1, "bossesboss")
    give(s, 0, "contractor")
    build(s, 0, {"nose": find("Puddle Jumper", "nose")})
    s, _ = do(s, 0, "sell:0")
    assert s.crowns == [5, 6]


def test_jack_copies_a_tier_one_ability_each_turn() -> None:
    s = start()
    give(s, 0, "jack")
    s.step = "jack"
    assert ids(s) == [f"jack:{k}" for k in ("agent", "contractor", "logistician", "recruiter", "technician")]
    s, _ = do(s, 0, "jack:technician", "acquire", "take:stack", "take:stack")
    assert s.step == "flyer" and s.plays_left == 3


def test_jack_doubles_a_tier_one_ability() -> None:
    s = start()
    give(s, 0, "jack")
    give(s, 0, "logistician")
    s.step = "jack"
    s, _ = do(s, 0, "jack:logistician", "acquire")
    assert s.draws_left == 4


def test_no_tripling_with_two_copies_and_the_jack() -> None:
    s = start()
    give(s, 0, "jack")
    give(s, 0, "technician")
    give(s, 0, "technician")
    s.step = "jack"
    s, _ = do(s, 0, "jack:technician", "acquire", "take:stack", "take:stack")
    assert s.step == "flyer" and s.plays_left == 4


def test_recruiter_with_jack_doubles_the_discount() -> None:
    s = start()
    give(s, 0, "jack")
    give(s, 0, "recruiter")
    s.crowns[0] = 1
    s.step = "jack"
    s, _ = do(s, 0, "jack:recruiter", "hire:thief")
    assert s.crowns[0] == 0 and "emp:thief" in s.staff[0]


def test_hiring_the_jack_asks_for_its_copy_the_same_turn() -> None:
    s = start()
    s.crowns[0] = 8
    s, _ = do(s, 0, "hire:jack")
    assert s.step == "jack"
    s, _ = do(s, 0, "jack:logistician")  # hired already, nothing to collect: Acquire begins by itself
    assert s.step == "acquire" and s.draws_left == 3


def test_guard_stops_agent_spy_and_thief() -> None:
    s = at(start(3), "abilities")
    give(s, 1, "guard")
    s.uses = {"agent": 1, "spy": 1, "thief": 1}
    build(s, 1, {"nose": find("Puddle Jumper", "nose")})
    build(s, 2, {"nose": find("Red Sparrow", "nose")})
    options = ids(s)
    for blocked in ("agent:trade:1", "spy:1", "thief:1"):
        assert blocked not in options
    for allowed in ("agent:trade:2", "spy:2", "thief:2", "agent:swap"):
        assert allowed in options


def test_investigator_stops_tax_collector_and_bosses_boss() -> None:
    s = start(3)
    give(s, 0, "taxcollector")
    give(s, 1, "investigator")
    s, _ = do(s, 0, "collect:tax")
    assert s.crowns == [6, 5, 4]
    s = at(s, "buyer")
    s.turn = 1
    give(s, 2, "bossesboss")
    build(s, 1, plane_of("Puddle Jumper"))
    s, _ = do(s, 1, "sell:0")
    assert s.crowns == [6, 15, 4]


def test_factory_manager_with_thief_puts_the_part_on_a_new_plane() -> None:
    s = at(start(), "abilities")
    give(s, 0, "factorymanager")
    s.uses = {"thief": 1}
    mine, stolen = find("Cloud Mule", "tail"), find("Sky Whale", "tail")
    build(s, 0, {"tail": mine})
    build(s, 1, {"tail": stolen})
    s, _ = do(s, 0, "thief:1")  # one part to steal: the steal needs no click of its own
    # Two places fit a tail: over the one on plane 1, or a new plane. The thief picks.
    assert s.step == "thief_place" and ids(s) == ["put:0:tail", "put:1:tail"]
    assert [o.label for o in GAME.pending(s)[0].options] == [
        "Put it into plane 1 tail (replaces Cloud Mule)", "Put it into a new plane's tail"]
    s, _ = do(s, 0, "put:1:tail")
    assert [p.parts for p in s.planes[0]] == [{"tail": mine}, {"tail": stolen}]


def test_thief_without_factory_manager_replaces_and_discards() -> None:
    s = at(start(), "abilities")
    s.uses = {"thief": 1}
    mine, stolen = find("Cloud Mule", "tail"), find("Sky Whale", "tail")
    build(s, 0, {"tail": mine})
    build(s, 1, {"tail": stolen})
    s, _ = do(s, 0, "thief:1")  # one part to steal: the steal needs no click of its own
    assert s.planes[0][0].parts == {"tail": stolen} and s.stack[-1] == mine


def test_a_stolen_spare_part_goes_where_the_thief_chooses() -> None:
    # The book says only "into your factory"; a Spare Part fits any slot, so it need not push out the thief's nose.
    s = at(start(), "abilities")
    s.uses = {"thief": 1}
    mine, spare = find("Cloud Mule", "nose"), find(slot="spare")
    build(s, 0, {"nose": mine})
    build(s, 1, {"nose": spare})
    stack = list(s.stack)
    s, texts = do(s, 0, "thief:1")
    assert texts == ["Player 1's Thief stole Spare Part from Player 2's factory."]
    assert s.step == "thief_place" and GAME.pending(s)[0].prompt.startswith("Thief: where")
    assert ids(s) == ["put:0:nose", "put:0:lwing", "put:0:rwing", "put:0:tail", "put:0:fuselage"]
    s, _ = do(s, 0, "put:0:tail")
    assert s.planes[0][0].parts == {"nose": mine, "tail": spare} and s.stack == stack
    assert s.step == "flyer" and s.holding is None


def test_a_stolen_spare_part_with_several_planes_asks_for_the_plane_first() -> None:
    s = at(start(), "abilities")
    give(s, 0, "factorymanager")
    s.uses = {"thief": 1}
    spare = find(slot="spare")
    build(s, 0, {"nose": find("Cloud Mule", "nose")})
    build(s, 0, {"tail": find("Red Sparrow", "tail")}, index=1)
    build(s, 1, {"lwing": spare})
    s, _ = do(s, 0, "thief:1")
    assert s.step == "thief_plane" and ids(s) == ["aim:0", "aim:1", "aim:2"]
    assert [o.label for o in GAME.pending(s)[0].options][2] == "A new plane"
    s, _ = do(s, 0, "aim:1")
    assert ids(s) == ["put:1:nose", "put:1:lwing", "put:1:rwing", "put:1:tail", "put:1:fuselage"]
    s, _ = do(s, 0, "put:1:nose")
    assert s.planes[0][1].parts["nose"] == spare and len(s.planes[0]) == 2


def test_factory_manager_moves_parts_as_often_as_needed() -> None:
    # The book sets no limit; the old cap of 3 moves per turn was ours and is gone (random play ends by its policy).
    s = at(start(), "flyer")
    give(s, 0, "factorymanager")
    nose = find("Cloud Mule", "nose")
    build(s, 0, {"nose": nose, "lwing": find("Cloud Mule", "lwing")})
    build(s, 0, {"tail": find("Red Sparrow", "tail")}, index=1)
    for _ in range(3):  # six moves in one Flyer step
        s, _ = do(s, 0, "moves", "move:0:nose", "to:1:nose", "moves", "move:1:nose", "to:0:nose")
    assert "moves" in ids(s) and s.planes[0][0].parts["nose"] == nose
