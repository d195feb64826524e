from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from windtunnel._util.errors import UnknownPluginError
from windtunnel.reports import REPORTERS, get_reporter, load_reporters, output_path, render_report, reporter
from windtunnel.reports.sample import sample_report

BUILTIN = ["html", "json", "junit", "markdown", "md", "sarif", "terminal"]


def test_builtin_formats_are_registered() -> None:
    assert load_reporters().names() == BUILTIN
    assert get_reporter("md") is get_reporter("markdown")


def test_unknown_format_names_the_choices() -> None:
    with pytest.raises(UnknownPluginError) as info:
        get_reporter("htlm")
    assert "did you mean 'html'" in str(info.value)
    assert "junit" in str(info.value.hint)


@pytest.mark.parametrize("fmt", BUILTIN)
def test_every_format_renders_a_nonempty_file(tmp_path: Path, fmt: str) -> None:
    report = sample_report(30, repeats=2, hostile=True)
    out = render_report(report, fmt, tmp_path / "sub" / f"r.{fmt}")
    assert out == tmp_path / "sub" / f"r.{fmt}"
    text = out.read_text(encoding="utf-8")
    assert len(text) > 200
    assert "run-sample" in text


def test_directory_output_uses_run_id_and_extension(tmp_path: Path) -> None:
    report = sample_report(5, run_id="20250101-abc/../x")
    out = render_report(report, "sarif", tmp_path)
    assert out.parent == tmp_path and out.suffix == ".sarif" and "/" not in out.name[:-6]
    assert output_path(report, str(tmp_path / "new") + "/", ".md").parent == tmp_path / "new"


def test_a_path_without_a_suffix_is_a_directory_for_every_command(tmp_path: Path) -> None:
    """One rule for every command's -o (QA-28 LOW 10): `report -o out` and `runs merge -o out` write
    out/<run id>.<ext> as `run -o out` does; an existing file without a suffix is still that file."""
    report = sample_report(5, run_id="20250101-abc")
    out = render_report(report, "json", tmp_path / "out")
    assert out == tmp_path / "out" / "20250101-abc.json" and out.is_file()
    plain = tmp_path / "plain"
    plain.write_text("old")
    assert render_report(report, "json", plain) == plain and plain.read_text() != "old"


@pytest.fixture
def scratch_names() -> Iterator[list[str]]:
    names: list[str] = []
    yield names
    for name in names:
        REPORTERS._items.pop(name, None)


def test_function_and_class_reporters(tmp_path: Path, scratch_names: list[str]) -> None:
    load_reporters()
    scratch_names += ["count_txt", "ids_txt", "ids_alias"]

    @reporter("count_txt", extension=".count")
    def count(report: dict[str, Any], out: Path) -> Path:
        out.write_text(str(len(report["cells"])))
        return out

    @reporter("ids_txt", extension=".ids", aliases=("ids_alias",))
    class Ids:
        def render(self, report: dict[str, Any], out: Path) -> Path:
            out.write_text(",".join(c["id"] for c in report["cells"]))
            return out

    report = sample_report(4)
    assert render_report(report, "count_txt", tmp_path).read_text() == "4"
    out = render_report(report, "ids_alias", tmp_path)
    assert out.suffix == ".ids" and out.read_text().count(",") == 3
    assert count is not None and Ids is not None


def test_malformed_reporters_fail_at_registration(scratch_names: list[str]) -> None:
    scratch_names += ["bad_one", "bad_two"]
    with pytest.raises(TypeError, match=r"render must take \(report, out\)"):
        reporter("bad_one", extension=".x")(lambda report: report)
    with pytest.raises(TypeError, match="render"):

        @reporter("bad_two", extension=".x")
        class NoRender:
            pass
