"""R11.5: once a deal is agreed, later proposals share only what is still unpaid."""

from __future__ import annotations

from decimal import Decimal as D

from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided, Refusal
from omaha_tui.session.tournament import deal_proposal
from tests.tables import tournament_table


def _do(state, request):  # type: ignore[no-untyped-def]
    out = decide(state, request)
    assert isinstance(out, Decided), out
    return out


def test_r11_5_after_a_deal_keeping_1_proposals_share_only_the_1() -> None:
    state = tournament_table(4, stack=100)  # pool 40, winner takes all (R11.2, 4 entries)
    agreed = _do(state, rq.AgreeDeal(((0, D(9)), (1, D(10)), (2, D(10)), (3, D(10))), D(1)))
    assert [e.type for e in agreed.events] == ["deal_agreed"]  # 1 kept: play goes on
    after = agreed.state
    assert after.tournament is not None and after.tournament.prizes_left() == (D(1),)
    for kind in ("icm", "chop"):
        proposal = deal_proposal(after, kind)
        assert sum(proposal.values()) == 1, kind  # never the whole pool again
    # A later deal shares the 1 kept; each entry's amounts add up, and the prizes are paid.
    second = _do(after, rq.AgreeDeal(((0, D(1)), (1, D(0)), (2, D(0)), (3, D(0)))))
    assert second.events[-1] == ev.PrizesPaid(prizes={1: D(10), 2: D(10), 3: D(10), 4: D(10)})
    too_much = decide(after, rq.AgreeDeal(((0, D(10)), (1, D(10)), (2, D(10)), (3, D(10)))))
    assert isinstance(too_much, Refusal) and "but 1 is left to share" in too_much.reason


def test_r11_5_a_deal_that_shares_everything_ends_the_deals() -> None:
    state = tournament_table(2, stack=100)
    done = _do(state, rq.AgreeDeal(((0, D(10)), (1, D(10)))))
    out = decide(done.state, rq.AgreeDeal(((0, D(0)), (1, D(0)))))
    assert isinstance(out, Refusal)
