"""`Checker.scalar_list` is `Checker.check` for a list of scalars, without the walk.

The shortcut reads a list-form value (a list command, most of them one of a kind)
item by item with the item type's reader. Where it answers, the value and every
position it records must be what the generic walk gives, and the walk must find
nothing; where the walk would report anything, the shortcut must decline.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cronstable_cli.loaders.problems import Problems
from cronstable_cli.loaders.schema import tables
from cronstable_cli.loaders.schema.type_check import Checker
from cronstable_cli.loaders.schema.vocabulary import (
    Anything,
    Bool,
    Enum,
    Float,
    Int,
    Map,
    MapOf,
    OneOf,
    Seq,
    Str,
    Type,
)
from cronstable_cli.loaders.yaml.nodes import Mapping, Node, Scalar, Sequence
from cronstable_cli.names import reset_suggestions

# The list types of the schema, and others of every item kind (the options in either
# order, a union item, a list of mappings, a type that takes anything).
TYPES: list[Type] = [
    tables.COMMAND,
    Seq(Str()),
    Seq(Int()),
    Seq(Float()),
    Seq(Bool()),
    Seq(Enum(("a", "b"))),
    Seq(OneOf((Int(), Str()))),
    Seq(Anything()),
    Seq(Seq(Str())),
    OneOf((Seq(Int()), Str())),
    OneOf((Anything(), Seq(Str()))),
    OneOf((Str(), Int())),
    Anything(),
    *(f.type for f in tables.JOB.fields),
]
TEXTS = ["", "a", "b", "1", "1_0", "-2", "2.5", "1e3", ".inf", "nan", "yes", "Off", "x y", "0x1"]


@st.composite
def lists(draw: st.DrawFn) -> Sequence:
    items: list[Node] = []
    for n in range(draw(st.integers(0, 4))):
        line, col = 3 + n, draw(st.integers(5, 9))
        if draw(st.integers(0, 6)):
            items.append(Scalar(draw(st.sampled_from(TEXTS)), line, col))
        elif draw(st.booleans()):
            items.append(Mapping([(Scalar("k", line, col), Scalar("v", line, col + 3))], line, col))
        else:
            items.append(Sequence([Scalar("v", line, col + 2)], line, col))
    return Sequence(items, 3, 5)


def _checker() -> Checker:
    return Checker(Problems("f.yaml"), job_roots=frozenset({""}), root=None)


@settings(max_examples=600, deadline=None)
@given(lists(), st.sampled_from(range(len(TYPES))))
def test_scalar_list_is_the_walk_where_it_answers(node: Sequence, index: int) -> None:
    type_ = TYPES[index]
    key = Scalar("command", 2, 5)
    walk, quick = _checker(), _checker()
    expected = walk.check(node, type_, "command", key)
    reset_suggestions()  # the walk's did-you-mean budget is the process's: give it back
    got = quick.scalar_list(node, type_, "command", key)
    if got is None:
        assert quick.where == {}  # declined: nothing recorded
        # It declines only lists the walk reports on, or that are not all scalars
        # under a list of a scalar type (which the walk reads another way).
        all_scalars = all(type(item) is Scalar for item in node.items)
        assert walk.out.found or not all_scalars or not _scalar_items(type_)
        return
    assert not walk.out.found
    assert repr(got) == repr(expected)  # NaN is read as nan by both, and is not equal
    assert list(quick.where.items()) == list(walk.where.items())


def _scalar_items(type_: Type) -> bool:
    """Whether a list under `type_` is checked as a list of a scalar type."""
    option = type_
    if isinstance(type_, OneOf):
        option = next((o for o in type_.options if isinstance(o, Seq | Anything)), Anything())
    if not isinstance(option, Seq):
        return False
    item = option.item
    if isinstance(item, OneOf):
        return any(not isinstance(o, Map | MapOf | Seq) for o in item.options)
    return not isinstance(item, Map | MapOf | Seq)


def test_a_list_command_reads_its_words_and_their_places() -> None:
    node = Sequence([Scalar("/bin/run", 3, 9), Scalar("--x", 4, 9)], 3, 7)
    checker = _checker()
    assert checker.scalar_list(node, tables.COMMAND, "command", Scalar("command", 2, 5)) == [
        "/bin/run",
        "--x",
    ]
    assert checker.where == {"command": (2, 5), "command[0]": (3, 9), "command[1]": (4, 9)}


def test_a_wrong_item_leaves_the_list_to_the_walk() -> None:
    node = Sequence([Scalar("1", 3, 9), Scalar("x", 4, 9)], 3, 7)
    checker = _checker()
    assert checker.scalar_list(node, Seq(Int()), "ports", Scalar("ports", 2, 5)) is None
    assert checker.where == {}
