"""The actions of part A of the basic rules beyond moving, firing and assaulting, offered to
the active block and applied here so that play.py only asks and hands over: mounting and
dismounting (8.2.4, `transport.py`), support (8.2.2, `support.py`), breaching (8.2.9,
`breaching.py`) and smoke fire (8.2.7.8, `smoke.py`)."""

from __future__ import annotations

from collections.abc import Callable

from . import breaching, smoke, support, transport
from .actions import Action, Breach, Dismount, Mount, SmokeFire, Support
from .situation import Situation

#: what the play does when a block enters a location (`Play.entered`: control, contact,
#: what the location holds, opportunity fire)
Entered = Callable[[str, str], None]

#: the action classes this module applies
UNIT_ACTIONS = (Mount, Dismount, Support, Breach, SmokeFire)


def fingerprint(play: Situation) -> tuple[object, ...]:
    """What these actions depend on beyond blocks, markers and who is mounted in what
    (`Play._fingerprint` has those)."""
    s = play.state
    return (tuple(sorted(s.support.items())), tuple(sorted(s.breaches)), tuple(sorted(s.smoke)))


def block_actions(play: Situation, block: str) -> list[Action]:
    """What the active block that may still act can do here (the caller checked it may)."""
    out: list[Action] = []
    out.extend(transport.choices(play, block))
    out.extend(support.choices(play, block))
    out.extend(breaching.choices(play, block))
    out.extend(smoke.choices(play, block))
    return out


def apply(play: Situation, action: Action, entered: Entered) -> None:
    if isinstance(action, Mount):
        transport.mount(play, action)
    elif isinstance(action, Dismount):
        entered(action.block, transport.dismount(play, action))
    elif isinstance(action, Support):
        support.apply(play, action)
    elif isinstance(action, SmokeFire):
        smoke.apply(play, action)
    elif isinstance(action, Breach):
        block = action_block(play)
        moved = breaching.apply(play, action)
        if moved is not None and play.state.blocks[block].on_map:
            entered(block, moved)  # its free 2 MP move (8.2.9)


def action_block(play: Situation) -> str:
    assert play.state.activation is not None
    return play.state.activation.block
