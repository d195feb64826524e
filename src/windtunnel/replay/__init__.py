"""Replay: recorded production sessions run again against the agent, as regression tests.

A session (:mod:`~windtunnel.replay.session`) holds the exact input, the tool and model calls the agent made and
what they returned, and the contract its answer is judged by. Sessions come from files, from the config's
``replays:`` block, from vendor traces (:mod:`~windtunnel.replay.importers`), from a live recording
(:mod:`~windtunnel.replay.record`) or from the failed cells of a run report (:mod:`~windtunnel.replay.export`).
The player (:mod:`~windtunnel.replay.player`) sends the input and answers the agent's calls from the recording
through the same seams faults use (:mod:`~windtunnel.replay.matcher`), so a fixed agent passes and a regression
fails, with no live tool or model involved unless the session asks for it."""
