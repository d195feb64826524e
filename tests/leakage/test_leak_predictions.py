"""An earlier model's prediction written as numbers (principle 1, ``leakage/predictions.py``): a score per
label states the label it ranks first when it is a model's judgement of this record; a table of label words
to numbers about something else (prices, counts of many records, a scale's codes) states nothing."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.model import ItemAudit
from windtunnel.leakage.predictions import may_rank, predictions, ranked_first
from windtunnel.leakage.sanitize import sanitize_item

QUEUES = ["billing", "technical", "account"]
TICKET = {"id": "CS-4121", "subject": "App crashes when I open settings"}


def _audit(projection: Any, expected: str = "technical", labels: list[str] = QUEUES, **item: Any) -> ItemAudit:
    """The audit of one item; the gated audit must equal the reference walk's."""
    rec = {"id": "r", "expected": expected, "label_set": labels, **item, "projection": projection}
    fast = audit_item(rec)
    assert fast.findings == audit_item(rec, prefilter=False).findings
    return fast


def _ranked(audit: ItemAudit) -> list[tuple[str, str]]:
    """(pointer, rule) of the findings a ranking made."""
    return [(f.pointer, f.rule) for f in audit.findings if "ranks the expected answer first" in f.detail]


@pytest.mark.parametrize(
    ("projection", "pointer"),
    [
        # an object keyed by the labels: the finding is the top member's number, under its label key
        ({"ticket": TICKET, "scores": {"billing": 0.02, "technical": 0.9, "account": 0.08}}, "/scores/technical"),
        ({"ticket": TICKET, "votes": {"billing": 0, "technical": 5, "account": 1}}, "/votes/technical"),
        ({"ticket": TICKET, "logits": {"Billing": -2.1, "Technical": 3.4, "Account": -0.5}}, "/logits/Technical"),
        ({"ticket": TICKET, "class_probs": {"billing": 0.1, "technical": 0.5}}, "/class_probs/technical"),
        # lower is better under a name of rank or distance
        ({"ticket": TICKET, "rank": {"billing": 2, "technical": 1, "account": 3}}, "/rank/technical"),
        ({"ticket": TICKET, "distances": {"billing": 0.8, "technical": 0.1, "account": 0.6}}, "/distances/technical"),
        # numbers beside a listing of the labels, in the same object or elsewhere in the projection
        ({"ticket": TICKET, "clf": {"labels": QUEUES, "probs": [0.1, 0.85, 0.05]}}, "/clf/probs/1"),
        (
            {"zero_shot": {"labels": ["technical", "account", "billing"], "scores": [0.91, 0.05, 0.04]}},
            "/zero_shot/scores/0",
        ),
        (
            {
                "config": {"id2label": {"0": "billing", "1": "technical", "2": "account"}},
                "out": {"logits": [-1, 2.5, 0.3]},
            },
            "/out/logits/1",
        ),
        # a list of objects each naming one label beside a number: the finding is the top's label text
        (
            {
                "ticket": TICKET,
                "result": [
                    {"label": "technical", "score": 0.91},
                    {"label": "billing", "score": 0.04},
                    {"label": "account", "score": 0.05},
                ],
            },
            "/result/0/label",
        ),
        (
            {
                "ticket": TICKET,
                "top_logprobs": [{"token": " billing", "logprob": -3.2}, {"token": " technical", "logprob": -0.04}],
            },
            "/top_logprobs/1/token",
        ),
    ],
)
def test_a_score_per_label_states_the_label_it_ranks_first(projection: dict[str, Any], pointer: str) -> None:
    audit = _audit(projection)
    assert audit.leaked
    assert _ranked(audit) == [(pointer, "direct.value")]


def test_under_an_upstream_field_it_is_that_field_and_the_sanitizer_blanks_it_whole() -> None:
    projection = {
        "ticket": TICKET,
        "ai_triage": {"model": "clf-3", "scores": {"billing": 0.02, "technical": 0.9, "account": 0.08}},
    }
    audit = _audit(projection)
    assert _ranked(audit) == [("/ai_triage/scores/technical", "upstream.field-value")]
    out = sanitize_item({"id": "r", "expected": "technical", "label_set": QUEUES, "projection": projection})
    assert out.residual == []
    # the whole upstream field is blanked, shape kept: every score equal ranks nothing first
    assert out.item.projection["ticket"] == TICKET
    assert out.item.projection["ai_triage"] == {"model": "", "scores": {"billing": 0, "technical": 0, "account": 0}}


def test_the_finding_points_at_the_characters_of_the_top_member() -> None:
    projection = {
        "output": [
            {"label": "billing", "score": 0.1},
            {"label": "Technical", "score": 0.8},
            {"label": "account", "score": 0.1},
        ]
    }
    (f,) = [f for f in _audit(projection).findings if "ranks" in f.detail]
    assert f.pointer == "/output/1/label" and f.span == (0, len("Technical")) and f.target == "value"
    (g,) = [
        f
        for f in _audit({"scores": {"billing": 0.1, "technical": 0.8, "account": 0.1}}).findings
        if "ranks" in f.detail
    ]
    assert g.pointer == "/scores/technical" and g.span is None  # the top member's number, under its label key


@pytest.mark.parametrize(
    "projection",
    [
        # the top is another label (what the model predicted is not the answer): nothing about this one
        {"scores": {"billing": 0.7, "technical": 0.2, "account": 0.1}},
        # a tie at the top, every score equal, nothing scored: nothing ranked first
        {"scores": {"billing": 0.45, "technical": 0.45, "account": 0.1}},
        {"votes": {"billing": 0, "technical": 0, "account": 0}},
        {"scores": {"billing": None, "technical": None, "account": None}},
        {"clf": {"labels": QUEUES, "probs": None}},
        # one label scored ranks nothing; two of six are not the label set
        {"scores": {"technical": 0.9}},
        {"scores": {"technical": 0.9, "billing": 0.1}, "_": "x"},
    ],
)
def test_no_ranking_or_a_ranking_of_another_label_states_nothing(projection: dict[str, Any]) -> None:
    labels = QUEUES if "_" not in projection else [*QUEUES, "shipping", "refund", "legal"]
    assert _ranked(_audit(projection, labels=labels)) == []
    assert not _audit(projection, labels=labels).leaked


@pytest.mark.parametrize(
    "projection",
    [
        # a table of label words to numbers about something else: a price list, the team's tickets per queue,
        # a dashboard's histogram, the average satisfaction per queue, routing thresholds, target hours
        {"ticket": TICKET, "price_list": {"billing": 10, "technical": 25, "account": 5}},
        {"ticket": TICKET, "open_tickets_by_queue": {"billing": 120, "technical": 340, "account": 80}},
        {"ticket": TICKET, "team_dashboard": {"histogram": {"billing": 12, "technical": 40, "account": 3}}},
        {"ticket": TICKET, "team_dashboard": {"scores": {"billing": 0.2, "technical": 0.5, "account": 0.3}}},
        {"ticket": TICKET, "csat_scores": {"billing": 4.1, "technical": 4.6, "account": 3.9}},
        {"ticket": TICKET, "ai_router": {"thresholds": {"billing": 0.5, "technical": 0.8, "account": 0.6}}},
        {
            "ticket": TICKET,
            "weekly_stats": [
                {"queue": "billing", "score": 3},
                {"queue": "technical", "score": 9},
                {"queue": "account", "score": 1},
            ],
        },
        # counts under no name of judgement: the tally of a poll is principle 6's, read with its tie to a record
        {"ticket": TICKET, "counts": {"billing": 1, "technical": 7, "account": 2}},
        # another record's prediction (a related ticket, named nowhere else) is that record's
        {
            "ticket": TICKET,
            "related": [{"id": "CS-3990", "scores": {"billing": 0.1, "technical": 0.8, "account": 0.1}}],
        },
    ],
)
def test_a_table_about_something_else_or_another_record_is_no_prediction(projection: dict[str, Any]) -> None:
    assert _ranked(_audit(projection)) == []
    assert not _audit(projection).leaked


def test_a_scales_codes_are_a_definition_not_a_ranking() -> None:
    codes = {"priority_score": {"Low": 1, "Medium": 2, "High": 3}}
    assert _ranked(_audit(codes, expected="High", labels=["Low", "Medium", "High"])) == []
    assert _ranked(_audit({"scores": {"Yes": 1, "No": 0}}, expected="Yes", labels=["Yes", "No"])) == []
    # the same labels scored for this record rank one first
    scored = {"priority_score": {"Low": 0.1, "Medium": 0.2, "High": 0.7}}
    assert _ranked(_audit(scored, expected="High", labels=["Low", "Medium", "High"])) == [
        ("/priority_score/High", "direct.value")
    ]
    assert _ranked(_audit({"votes": {"Yes": 5, "No": 1}}, expected="Yes", labels=["Yes", "No"]))


def test_the_judgement_is_one_for_every_shape() -> None:
    order = ("billing", "technical", "account")
    members = [("billing", 0.1), ("technical", 0.8), ("account", 0.1)]
    assert ranked_first(members, ("scores",), ("scores",), order) == "technical"
    assert ranked_first(members, ("rank",), ("rank",), order) is None  # lowest first: a tie of 0.1
    assert ranked_first(members, ("price",), ("price",), order) is None
    assert ranked_first(members, ("output",), ("predicted", "output"), order) == "technical"  # upstream on the path
    assert ranked_first(members, ("output",), ("output",), order) is None  # no word of judgement anywhere
    assert ranked_first(members, ("scores",), ("stats", "scores"), order) is None


def test_the_gate_lets_every_named_ranking_through() -> None:
    import orjson

    for name in [
        "scores",
        "Votes",
        "AIScores",
        "p_logits",
        "confidenceByLabel",
        "mlOutput",
        "_ml",
        "predicted",
        "classifier",
    ]:
        projection = {name: {"billing": 0.1, "technical": 0.8, "account": 0.1}}
        blob = orjson.dumps(projection)
        assert may_rank(blob), name
        assert predictions(projection, blob, ("billing", "technical", "account")), name
    assert not may_rank(b'{"price_list":{"billing":10,"technical":25}}')
