"""The Tower campaign (rule text "The Tower campaign", DESIGN.md Paternoster 13)."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import play_out
from cardtable.games.duel.rules import DuelOutcome
from cardtable.games.paternoster.bots import make_bot
from cardtable.games.paternoster.campaign import (
    FLOORS,
    GAMES,
    MAX_STARS,
    PLAYERS,
    TARGETS,
    TOLERANCE,
    TOTAL_STARS,
    CampaignError,
    Floor,
    Judgement,
    Ride,
    best_stars,
    cleared,
    cleared_floors,
    describe,
    find_floor,
    floor_open,
    floor_options,
    from_outcome,
    max_cards_left,
    open_floors,
    stars,
    total_stars,
    validate_ride,
)
from cardtable.games.paternoster.rules import PATERNOSTER, PaternosterOutcome
from cardtable.games.paternoster.variants import MAX_TOKENS
from cardtable.web.catalogue import translate


def floor_with(goal: int, **options: object) -> Floor:
    return Floor(99, "test", "Test", dict(options), goal)


def passenger_floor() -> Floor:
    return next(f for f in FLOORS if f.passengers)


def outcome(cards_left: int, lost: str | None = None, seats: int = 2,
            deck_size: int = 104) -> PaternosterOutcome:
    return PaternosterOutcome(cards_left, cards_left == 0 and lost is None, lost, seats,
                              deck_size)


# --- the floors --------------------------------------------------------------------------


def test_campaign_twelve_floors_test_ride_to_penthouse_precision_ride_eleventh() -> None:
    """"twelve floors ... from the Test ride up to the Penthouse", Precision ride the
    eleventh (DESIGN.md Paternoster 13)."""
    assert [f.number for f in FLOORS] == list(range(1, 13))
    assert (FLOORS[0].name, translate("de", FLOORS[0].name)) == ("Test ride", "Probefahrt")
    assert (FLOORS[10].name, translate("de", FLOORS[10].name)) == (
        "Precision ride", "Präzisionsfahrt")
    assert FLOORS[11].name == "Penthouse"
    assert len({f.id for f in FLOORS}) == len({f.name for f in FLOORS}) == 12
    german = {translate("de", f.name) for f in FLOORS}
    assert len(german) == 12 and german.isdisjoint({f.name for f in FLOORS} - {"Penthouse"})


def test_campaign_each_floor_has_rules_a_goal_and_tokens() -> None:
    """"each with its own rules, a goal and a few emergency tokens"."""
    for floor in FLOORS:
        assert floor.goal >= 0
        assert 0 <= floor.tokens <= MAX_TOKENS
        assert "players" not in floor.options
        for lang in ("en", "de"):
            assert floor.rules(lang) and floor.goal_text(lang)
        if floor.tokens:
            assert f"{floor.tokens} emergency token" in floor.rules("en")
            assert f"{floor.tokens} Notfallmarke" in floor.rules("de")
    assert any(floor.tokens for floor in FLOORS)
    assert len({tuple(sorted(f.options.items())) for f in FLOORS[1:11]}) == 10


def test_campaign_passengers_where_they_fit() -> None:
    """The rules use passengers where they fit; the goal then asks for all of them."""
    with_passengers = [f for f in FLOORS if f.passengers]
    assert with_passengers
    for floor in with_passengers:
        assert f"all {floor.passengers} passengers delivered" in floor.goal_text("en")
        assert f"alle {floor.passengers} Fahrgäste abgeliefert" in floor.goal_text("de")


@pytest.mark.parametrize("floor", FLOORS, ids=lambda f: f.id)
def test_campaign_floors_for_1_to_5_players(floor: Floor) -> None:
    """"The floors are meant for 1–5 players": each floor's options are valid for every
    player count it allows, and a game of it can be dealt."""
    assert floor.players == PLAYERS == (1, 2, 3, 4, 5)
    for players in floor.players:
        options = floor_options(floor, players)
        assert options.players == players
        assert options.tokens == floor.tokens and options.passengers == floor.passengers
        state = PATERNOSTER.new(options.to_json(), seed=players)
        assert state.outcome() is None and state.tokens == floor.tokens
    for players in (0, 6, 8):
        with pytest.raises(CampaignError, match=f"for 1 to 5 players, not {players}"):
            floor_options(floor, players)


def test_campaign_floor_by_number_or_id() -> None:
    assert find_floor(1) is find_floor("test-ride") is find_floor("1") is FLOORS[0]
    assert find_floor(FLOORS[4]) is FLOORS[4]
    for bad in (0, 13, -1, "attic", True, 2.0):
        with pytest.raises(CampaignError, match=r"no floor .*floors 1 to 12"):
            find_floor(bad)  # type: ignore[arg-type]


def test_campaign_describe_the_standard_game() -> None:
    assert describe({}) == "The standard game"
    assert describe({"tokens": 1}, "de") == "Das Grundspiel · 1 Notfallmarke"
    assert describe({"fire": True, "passengers": 3, "tokens": 2}) == (
        "Fire · 3 passengers · 2 emergency tokens")
    with pytest.raises(ValueError, match="'en' and 'de'"):
        describe({}, "fr")


def test_campaign_floor_to_json_for_the_site() -> None:
    data = FLOORS[0].to_json(translate)
    assert data["number"] == 1 and data["name"] == {"en": "Test ride", "de": "Probefahrt"}
    assert data["goal"] == FLOORS[0].goal and data["players"] == [1, 2, 3, 4, 5]
    assert set(data["rules"]) == set(data["goal_text"]) == {"en", "de"}


# --- stars -------------------------------------------------------------------------------


def test_stars_one_for_reaching_the_goal_two_for_half_three_for_all_down() -> None:
    """"★ for reaching the goal, ★★ for at most half as many cards left as allowed,
    ★★★ when all cards are down"."""
    floor = floor_with(8)
    assert [stars(floor, left) for left in (20, 9, 8, 5, 4, 1, 0)] == [0, 0, 1, 1, 2, 2, 3]


def test_stars_half_of_an_odd_goal_rounds_down() -> None:
    """At most half as many: with the goal 5, two cards left is at most 2.5, three is not."""
    floor = floor_with(5)
    assert [stars(floor, left) for left in (5, 3, 2, 1, 0)] == [1, 1, 2, 2, 3]
    assert [stars(floor_with(1), left) for left in (2, 1, 0)] == [0, 1, 3]


def test_stars_goal_zero_gives_all_three_at_once() -> None:
    """"all three at once on floors with the goal 0"."""
    floor = floor_with(0)
    assert stars(floor, 0) == 3 and stars(floor, 1) == 0
    assert cleared(floor, 0) and not cleared(floor, 1)
    zero_goal = [f for f in FLOORS if f.goal == 0]
    assert FLOORS[10] in zero_goal
    for f in zero_goal:
        assert stars(f, 0) == 3 and stars(f, 1) == 0


def test_stars_need_every_passenger_delivered() -> None:
    """"at most the given number of cards left, all passengers delivered"."""
    floor = passenger_floor()
    assert stars(floor, 0, passengers_delivered_all=False) == 0
    assert not cleared(floor, 1, passengers_delivered_all=False)
    assert cleared(floor, 1, passengers_delivered_all=True)


def test_stars_36_in_all() -> None:
    """"Replay cleared floors for more stars – 36 are possible"."""
    assert TOTAL_STARS == MAX_STARS * len(FLOORS) == 36
    assert sum(stars(f, 0) for f in FLOORS) == 36
    assert total_stars({f.number: stars(f, 0) for f in FLOORS}) == 36


def test_stars_refuse_negative_cards() -> None:
    with pytest.raises(CampaignError, match="cannot be negative"):
        stars(1, -1)
    with pytest.raises(CampaignError, match="whole number"):
        stars(1, 2.5)  # type: ignore[arg-type]


def test_cleared_is_the_goal_reached() -> None:
    """"A floor is cleared when you reach its goal"."""
    for floor in FLOORS:
        assert cleared(floor, floor.goal)
        assert not cleared(floor, floor.goal + 1)


# --- opening floors ----------------------------------------------------------------------


def test_floor_open_once_the_floor_below_is_cleared() -> None:
    """"A floor is cleared when you reach its goal ... and then you may go up"."""
    assert floor_open(1, [])
    assert not floor_open(2, [])
    assert floor_open(2, [1])
    assert not floor_open(3, [1])
    assert floor_open(3, {1, 2})
    assert floor_open(12, [11])
    assert open_floors([]) == (1,)
    assert open_floors([1, 2]) == (1, 2, 3)
    assert open_floors([1, 5]) == (1, 2, 6)
    with pytest.raises(CampaignError, match="no floor 13"):
        floor_open(13, range(1, 13))


def test_group_progress_best_stars_and_cleared_floors() -> None:
    """Replaying a cleared floor keeps its best stars."""
    rides = [validate_ride(1, 2, FLOORS[0].goal + 1, 0), validate_ride(1, 2, FLOORS[0].goal, 0),
             validate_ride(1, 2, 0, 0), validate_ride(1, 2, FLOORS[0].goal, 0),
             validate_ride(2, 3, 100, 0)]
    assert best_stars(rides) == {1: 3, 2: 0}
    assert cleared_floors(rides) == {1}
    assert open_floors(cleared_floors(rides)) == (1, 2)


# --- rides entered by hand ---------------------------------------------------------------


def test_validate_ride_judges_a_possible_ride() -> None:
    floor = passenger_floor()
    ride = validate_ride(floor.number, 3, 0, floor.passengers)
    assert ride == Ride(floor.number, 3, 0, floor.passengers, stars=3, cleared=True)
    assert ride.to_json()["stars"] == 3
    missed = validate_ride(floor.number, 2, 1, floor.passengers - 1)
    assert missed.stars == 0 and not missed.cleared
    assert validate_ride(1, 1, FLOORS[0].goal, 0).cleared


def test_validate_ride_lost_game_has_no_stars() -> None:
    """A game lost by fire, a passenger or a command does not clear the floor."""
    ride = validate_ride(1, 2, 0 + 3, 0, lost=True)
    assert ride.lost and ride.stars == 0 and not ride.cleared


def test_validate_ride_refuses_more_cards_left_than_exist() -> None:
    with pytest.raises(CampaignError, match=r"105 cards left, but floor 1 .* has only 104 "
                                            "cards in play"):
        validate_ride(1, 2, 105, 0)
    floor = passenger_floor()
    in_play = 104 - floor.passengers
    with pytest.raises(CampaignError, match=f"only {in_play} cards in play"):
        validate_ride(floor.number, 4, in_play + 1, 0)


def test_validate_ride_refuses_a_game_in_which_no_card_was_played() -> None:
    """The starter can always open an empty pile, so at least one card is played."""
    with pytest.raises(CampaignError, match="first turn always plays at least 1 card, so "
                                            "at most 103 can be left"):
        validate_ride(1, 2, 104, 0)
    assert max_cards_left(1, 2) == 103
    assert validate_ride(1, 2, 103, 0).stars == 0
    no_tokens = floor_with(5, steep=True)
    with pytest.raises(CampaignError, match="at least 3 cards, so at most 101"):
        validate_ride(no_tokens, 2, 102, 0)
    assert max_cards_left(floor_with(5), 5) == 102


def test_validate_ride_delivered_passengers_were_played() -> None:
    floor = passenger_floor()
    in_play = 104 - floor.passengers
    assert max_cards_left(floor, 2) == in_play - 1
    with pytest.raises(CampaignError, match=f"{floor.passengers} passengers delivered means "
                                            "as many cards played"):
        validate_ride(floor, 2, in_play - 1, floor.passengers)


def test_validate_ride_refuses_negative_numbers() -> None:
    with pytest.raises(CampaignError, match="cards left cannot be negative"):
        validate_ride(1, 2, -1, 0)
    with pytest.raises(CampaignError, match="passengers delivered cannot be negative"):
        validate_ride(passenger_floor(), 2, 5, -2)
    with pytest.raises(CampaignError, match="players, not -2"):
        validate_ride(1, -2, 5, 0)


def test_validate_ride_refuses_an_unknown_floor() -> None:
    for bad in (0, 13, "cellar"):
        with pytest.raises(CampaignError, match=r"no floor .*floors 1 to 12"):
            validate_ride(bad, 2, 5, 0)


def test_validate_ride_refuses_a_player_count_the_floor_does_not_allow() -> None:
    with pytest.raises(CampaignError, match=r"floor 1 \(Test ride\) is for 1 to 5 players, "
                                            "not 6"):
        validate_ride(1, 6, 5, 0)
    with pytest.raises(CampaignError, match="whole number"):
        validate_ride(1, "two", 5, 0)  # type: ignore[arg-type]


def test_validate_ride_refuses_more_passengers_than_the_floor_has() -> None:
    with pytest.raises(CampaignError, match=r"1 passengers delivered, but floor 1 \(Test "
                                            r"ride\) has none"):
        validate_ride(1, 2, 5, 1)
    floor = passenger_floor()
    with pytest.raises(CampaignError, match=f"has only {floor.passengers}"):
        validate_ride(floor, 2, 5, floor.passengers + 1)


def test_validate_ride_refuses_all_cards_down_with_a_passenger_undelivered() -> None:
    floor = passenger_floor()
    with pytest.raises(CampaignError, match="all cards down but only 1 of"):
        validate_ride(floor, 2, 0, 1)


def test_validate_ride_refuses_wrong_types() -> None:
    with pytest.raises(CampaignError, match="cards left must be a whole number"):
        validate_ride(1, 2, "3", 0)  # type: ignore[arg-type]
    with pytest.raises(CampaignError, match="lost must be true or false"):
        validate_ride(1, 2, 3, 0, lost="no")  # type: ignore[arg-type]


# --- judging an engine outcome -----------------------------------------------------------


def test_from_outcome_stars_and_clear() -> None:
    goal = FLOORS[0].goal
    assert from_outcome(1, outcome(0)) == Judgement(True, 3)
    assert from_outcome(1, outcome(goal, "stuck")) == Judgement(True, 1)
    assert from_outcome(1, outcome(goal // 2, "stuck")) == Judgement(True, 2)
    assert from_outcome(1, outcome(goal + 1, "stuck")) == Judgement(False, 0)
    assert from_outcome(11, outcome(1, "stuck", seats=5)) == Judgement(False, 0)


@pytest.mark.parametrize("how", ["passenger", "fire", "command"])
def test_from_outcome_a_lost_game_does_not_clear(how: str) -> None:
    """A game lost by a passenger, fire or a command clears nothing, even with few cards."""
    for floor in FLOORS:
        judged = from_outcome(floor, outcome(0 if how == "fire" else 1, how))
        assert judged == Judgement(False, 0, how)


def test_from_outcome_refuses_another_game() -> None:
    with pytest.raises(CampaignError, match="Paternoster outcome"):
        from_outcome(1, DuelOutcome(0, "stuck"))
    with pytest.raises(CampaignError, match="52 cards, but Test ride is played with 104"):
        from_outcome(1, outcome(3, "stuck", deck_size=52))
    with pytest.raises(CampaignError, match="not 6"):
        from_outcome(1, outcome(3, "stuck", seats=6))


@pytest.mark.parametrize("floor", FLOORS, ids=lambda f: f.id)
def test_from_outcome_of_a_real_ride(floor: Floor) -> None:
    """A ride played by the simple team on the floor's options is judged as its result says."""
    options = floor_options(floor, 2)
    state = PATERNOSTER.new(options.to_json(), seed=floor.number)
    result = play_out(state, {s: make_bot("simple", s) for s in range(2)}, random.Random(1))
    assert isinstance(result, PaternosterOutcome)
    judged = from_outcome(floor, result)
    won = result.lost not in ("passenger", "fire", "command")
    assert judged.cleared == (won and result.cards_left <= floor.goal)
    ride = validate_ride(floor, 2, result.cards_left,
                         state.delivered, lost=not won)
    assert (ride.stars, ride.cleared) == (judged.stars, judged.cleared)


# --- tuning ------------------------------------------------------------------------------


def test_campaign_measured_clear_rates_meet_the_text() -> None:
    """The figures written into the floors (``cardtable balance campaign``, 2000 games a
    floor) lie within 3 points of the text's targets, and difficulty rises floor by floor."""
    assert GAMES >= 2000
    previous = 100.0
    for floor in FLOORS:
        measured = floor.measured
        assert measured is not None, f"floor {floor.number} has no measured figures"
        low, high = TARGETS[floor.number]
        assert low - TOLERANCE <= measured.clear <= high + TOLERANCE
        assert measured.clear <= previous
        assert measured.clear >= measured.two_stars >= measured.three_stars
        if floor.goal == 0:
            assert measured.clear == measured.two_stars == measured.three_stars
        previous = measured.clear


def test_campaign_docstring_tables_match_the_floors() -> None:
    """The tables written into the module docstring are the floors' own numbers."""
    from cardtable.games.paternoster import campaign

    doc = campaign.__doc__ or ""
    for floor in FLOORS:
        assert floor.measured is not None
        assert f"{floor.number} {floor.name} ({floor.goal})" in doc
        assert f"{floor.measured.clear:.1f}%" in doc
        assert f"{floor.number:>3}  {floor.name:<16}  " in doc
