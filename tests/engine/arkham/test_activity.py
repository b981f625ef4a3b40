"""Issue 31, item 17: the activity markers of the five cards whose text names a street.

Each card's text (the published card as the wiki gives it, the source of the data's card list)
names the street where its effect is resolved, and the marker goes there, as for the six cards
the data already listed (Darke's Carnival Arrives: "end their movement in the Northside streets"):

- The Man in Black: "Investigators who end their movement in the French Hill streets may deal
  with the Man in Black";
- The Great Ritual: "discards 3 spells ... while in the French Hill streets";
- The Southside Strangler Strikes: "discards 5 Clue tokens while in Ma's Boarding House", which the
  wiki's misprint note corrects to the Southside streets (the card's name and lunboks agree);
- The Stars Are Right: "discards an Ally card while in the Downtown streets";
- The Terrible Experiment: "fight one or more of these monsters while in the Miskatonic U. streets".
"""

from __future__ import annotations

import pytest

from tests.engine.arkham.script import accepted, events, game

# A Headline first: set-up's card is never a Rumor (it is shuffled back), so the Rumors come second.
FIRST = {"type": "mythos", "card": "Blue Flu!", "gate": "Yuggoth", "monsters": ["Zombie"]}


@pytest.mark.parametrize(
    ("card", "street", "monsters"),
    [
        ("The Man in Black", "French Hill", ["Ghoul"]),
        ("The Great Ritual", "French Hill", ["Ghoul"]),
        ("The Southside Strangler Strikes", "Southside", ["Ghoul"]),
        ("The Stars Are Right", "Downtown", ["Ghoul"]),
        ("The Terrible Experiment", "Miskatonic U.", ["Ghoul"]),
    ],
)
def test_the_card_in_play_puts_its_activity_marker_on_the_street_its_text_names(
    card: str, street: str, monsters: list[str]
) -> None:
    answers, state = accepted(
        game("Train Station"), FIRST, {"type": "mythos", "card": card, "gate": "R'lyeh", "monsters": monsters}
    )
    assert [(e["place"], e["card"], e["placed"]) for e in events(answers[2], "activity_marker")] == [(street, card, True)]
    assert state.activity == (street,)
