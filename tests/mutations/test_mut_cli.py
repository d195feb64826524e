"""``windtunnel mutate`` and ``windtunnel mutations``, through the real entry point."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from windtunnel.cli.app import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


def test_mutate_json_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("mutate", "Reset my password please", "--type", "noise", "--count", "5", "--seed", "1", "--json")
    code, out, _ = run(capsys, *args)
    assert code == 0
    doc = json.loads(out)
    assert doc["seed"] == 1 and len(doc["mutations"]) == 5
    assert {m["type"] for m in doc["mutations"]} == {"noise"}
    assert all(m["input"] != "Reset my password please" for m in doc["mutations"])
    assert run(capsys, *args)[1] == out
    assert run(capsys, *args[:-2], "2", "--json")[1] != out


def test_mutate_text_shows_transport_manipulation(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["mutate", "Hi there", "-t", "paraphrase", "-t", "request_method_attack", "-n", "2", "-s", "3"]
    code, out, err = run(capsys, *argv)
    assert code == 0
    assert "#1 paraphrase" in out and "#2 request_method_attack" in out
    assert "request: " in out and "prompt unchanged" in out
    assert "seed 3" in err


def test_mutate_defaults_cover_every_applicable_type(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "mutate", "Book a table for two", "-n", "23", "-s", "0", "--json")
    assert code == 0
    assert len({m["type"] for m in json.loads(out)["mutations"]}) == 23  # all but custom (no template)
    code, out, _ = run(capsys, "mutate", "Book a table", "-n", "14", "-s", "0", "--json", "--agent-type", "python")
    assert {m["level"] for m in json.loads(out)["mutations"]} == {"text"}


def test_unknown_type_exits_2_with_valid_choices(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "mutate", "x", "--type", "noize")
    assert code == 2
    assert "unknown mutation type 'noize'" in err and "did you mean 'noise'" in err
    assert "paraphrase" in err and "timeout_manipulation" in err


@pytest.mark.parametrize("count", ["0", "-3"])
def test_bad_count_exits_2(capsys: pytest.CaptureFixture[str], count: str) -> None:
    code, _, err = run(capsys, "mutate", "x", "--count", count)
    assert code == 2 and "--count must be at least 1" in err


def test_transport_only_for_python_agent_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "mutate", "x", "-t", "payload_size_attack", "--agent-type", "python")
    assert code == 2 and "transport-level" in err


def test_custom_needs_templates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "mutate", "x", "-t", "custom")
    assert code == 2 and "needs at least one --template" in err and out == ""
    assert "custom_templates" not in err  # a config key means nothing on the command line
    code, _, err = run(capsys, "mutate", "x", "-t", "custom", "--template", "no placeholder")
    assert code == 2 and "--template #1 has no {prompt} placeholder" in err
    code, _, err = run(capsys, "mutate", "x", "-t", "custom", "--template", "A: {prompt}", "--template", " {prompt} ")
    assert code == 2 and "--template #2" in err and "leaves the prompt unchanged" in err
    code, out, _ = run(capsys, "mutate", "ship it", "-t", "custom", "--template", "Boss says: {prompt}", "--json")
    assert code == 0 and json.loads(out)["mutations"][0]["input"] == "Boss says: ship it"


@pytest.mark.parametrize("prompt", ["", "   ", "\t\n"])
def test_empty_prompt_exits_2(capsys: pytest.CaptureFixture[str], prompt: str) -> None:
    code, out, err = run(capsys, "mutate", prompt, "-n", "3", "-s", "0")
    assert code == 2 and out == ""
    assert ("prompt is empty" if not prompt else "prompt is only whitespace") in err


def test_empty_prompt_from_stdin_exits_2(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))
    code, out, err = run(capsys, "mutate", "-", "-n", "1")
    assert code == 2 and out == "" and "prompt is empty" in err


def test_unknown_agent_type_exits_2_with_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "mutate", "hello", "--agent-type", "grpc")
    assert code == 2 and out == "" and "unknown --agent-type 'grpc'" in err
    assert all(t in err for t in ("python", "langchain", "http", "openai_chat"))
    code, _, err = run(capsys, "mutate", "hello", "--agent-type", "langchian")
    assert code == 2 and "did you mean 'langchain'" in err


@pytest.mark.parametrize("agent_type", ["python", "langchain", "http", "openai_chat"])
def test_every_config_agent_type_is_accepted(capsys: pytest.CaptureFixture[str], agent_type: str) -> None:
    code, out, _ = run(capsys, "mutate", "hello", "-t", "noise", "-n", "1", "-s", "0", "--agent-type", agent_type,
                       "--json")  # fmt: skip
    assert code == 0 and json.loads(out)["agent_type"] == agent_type


def test_prompt_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("Track parcel 77\n"))
    code, out, _ = run(capsys, "mutate", "-", "-t", "tone_shift", "-n", "1", "-s", "0", "--json")
    assert code == 0 and json.loads(out)["prompt"] == "Track parcel 77"


def test_mutations_lists_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "mutations", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 24
    noise = next(r for r in rows if r["name"] == "noise")
    assert noise["weight"] == 0.8 and noise["level"] == "text" and noise["description"]
    timeout = next(r for r in rows if r["name"] == "timeout_manipulation")
    assert timeout["applies_to"] == "http, openai_chat agents"
    code, out, _ = run(capsys, "mutations")
    assert code == 0 and "advanced_jailbreak" in out and "24 mutation types" in out


@pytest.mark.slow
def test_console_script_end_to_end() -> None:
    exe = Path(sys.executable).parent / "windtunnel"
    proc = subprocess.run([str(exe), "mutate", "hello world", "-t", "encoding_attacks", "-n", "3", "-s", "9",
                           "--json"], capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert len(json.loads(proc.stdout)["mutations"]) == 3
    proc = subprocess.run([str(exe), "mutate", "x", "-n", "0"], capture_output=True, text=True, timeout=60,
                          check=False)  # fmt: skip
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_an_unknown_type_named_for_what_it_does_suggests_the_type_that_does_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """QA-11 minor 12: `typo` suggested 'content_type_confusion' (spelling); `noise` is the type that makes typos."""
    code, _, err = run(capsys, "mutate", "x", "--type", "typo")
    assert code == 2
    assert "did you mean 'noise'? noise: Realistic typing noise: keyboard-adjacent typos" in err
    assert "content_type_confusion'?" not in err
