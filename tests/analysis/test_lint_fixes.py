"""The fix planner: exact token edits, refusals when the text is not where it should be."""

from __future__ import annotations

from cronstable_cli.analysis.lint.fixes import plan_fixes, unified_diff
from cronstable_cli.records import Edit, Finding, Fix, SourceLocation


def finding(
    line: int, column: int, old: str, new: str, *, safe: bool = True, code: str = "every-minute"
) -> Finding:
    return Finding(
        code,
        "warning",
        "m",
        SourceLocation("f.yaml", line, column),
        fix=Fix("d", (Edit(line, column, old, new),), safe),
    )


def test_only_the_token_changes() -> None:
    text = "jobs:\n  - schedule: '* 2 * * *'   # nightly\n\n"
    (plan,) = plan_fixes([finding(2, 16, "*", "0")], {"f.yaml": text})
    assert plan.after == "jobs:\n  - schedule: '0 2 * * *'   # nightly\n\n"
    assert len(plan.applied) == 1 and plan.skipped == ()


def test_columns_count_code_points_and_crlf_is_kept() -> None:
    text = "# café\r\nx: 'ü * 2'\r\n"
    (plan,) = plan_fixes([finding(2, 7, "*", "0")], {"f.yaml": text})
    assert plan.after == "# café\r\nx: 'ü 0 2'\r\n"


def test_a_token_that_moved_is_not_touched() -> None:
    text = "schedule: '0 2 * * *'\n"
    (plan,) = plan_fixes([finding(1, 12, "*", "0")], {"f.yaml": text})
    assert plan.after == text
    assert plan.skipped[0][1] == "'*' is not at line 1, column 12"


def test_positions_outside_the_file_are_refused() -> None:
    (plan,) = plan_fixes([finding(5, 1, "x", "y"), finding(1, 40, "x", "y")], {"f.yaml": "x\n"})
    assert plan.after == "x\n" and len(plan.skipped) == 2


def test_overlapping_fixes_keep_the_first() -> None:
    text = "s: '* 2 * * *'\n"
    first = finding(1, 5, "*", "0", safe=False)
    second = finding(1, 5, "*", "H", safe=False, code="crowded-minute")
    (plan,) = plan_fixes([first, second], {"f.yaml": text}, unsafe=True)
    assert plan.after == "s: '0 2 * * *'\n"
    assert plan.skipped[0][0] is second and "run --fix again" in plan.skipped[0][1]


def test_unsafe_fixes_need_to_be_asked_for() -> None:
    text = "s: '* 2 * * *'\n"
    assert plan_fixes([finding(1, 5, "*", "0", safe=False)], {"f.yaml": text}) == []
    (plan,) = plan_fixes([finding(1, 5, "*", "0", safe=False)], {"f.yaml": text}, unsafe=True)
    assert plan.after == "s: '0 2 * * *'\n"


def test_insertion_at_the_end_and_the_diff_says_so() -> None:
    text = "0 2 * * * ./x"
    (plan,) = plan_fixes([finding(1, 14, "", "\n")], {"f.yaml": text})
    assert plan.after == "0 2 * * * ./x\n"
    assert unified_diff(plan) == (
        "--- a/f.yaml\n+++ b/f.yaml\n@@ -1 +1 @@\n"
        "-0 2 * * * ./x\n\\ No newline at end of file\n+0 2 * * * ./x\n"
    )


def test_several_edits_in_one_line_apply_right_to_left() -> None:
    text = "a b c\n"
    findings = [finding(1, 1, "a", "xx"), finding(1, 5, "c", "zz")]
    (plan,) = plan_fixes(findings, {"f.yaml": text})
    assert plan.after == "xx b zz\n"


def test_line_breaks_other_than_newline_do_not_count_as_lines() -> None:
    # A form feed or U+2028 inside a line does not start a new line for the loaders.
    text = "a\x0cb: '* 2'\u2028c\nnext: '*'\n"
    (plan,) = plan_fixes([finding(2, 8, "*", "0")], {"f.yaml": text})
    assert plan.after == "a\x0cb: '* 2'\u2028c\nnext: '0'\n"
    assert unified_diff(plan).count("\n-") == 1
