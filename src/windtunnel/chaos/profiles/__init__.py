"""Built-in chaos profiles: named YAML files validated by the same models as ``chaos:``.

A profile is a ready-made set of faults (``--chaos-profile NAME`` or ``chaos.profile``). The files ship in this package
and are loaded with the config's own YAML reader and error formatting, so a profile can never hold anything a user's
``chaos:`` block could not.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from pydantic import ValidationError

from windtunnel._util.errors import ConfigError, UnknownPluginError
from windtunnel._util.explain import format_validation_error
from windtunnel._util.model import StrictModel
from windtunnel._util.suggest import did_you_mean
from windtunnel._util.yamlsource import read_yaml
from windtunnel.chaos.config import ChaosConfig

__all__ = ["Profile", "load_profile", "profile_names"]


class Profile(StrictModel):
    """One built-in profile file."""

    name: str
    description: str
    chaos: ChaosConfig


def profile_names() -> list[str]:
    """Names of the built-in profiles, sorted."""
    files = resources.files(__name__).iterdir()
    return sorted(f.name[: -len(".yaml")] for f in files if f.name.endswith(".yaml"))


@cache
def load_profile(name: str) -> Profile:
    """Load and validate one built-in profile; unknown names list the valid ones.

    Errors in a shipped profile are reported like a user's config errors (file and line), and a file whose ``name``
    differs from its file name is refused. Cached: a profile is read once per process.
    """
    names = profile_names()
    if name not in names:
        raise UnknownPluginError(
            f"unknown chaos profile {name!r}{did_you_mean(name, names)}",
            hint=f"valid choices: {', '.join(names)} (see `windtunnel profiles`)",
        )
    path = resources.files(__name__) / f"{name}.yaml"
    data, smap = read_yaml(path.read_text(encoding="utf-8"), f"profile {name}.yaml")
    try:
        profile = Profile.model_validate(data)
    except ValidationError as err:
        raise ConfigError(format_validation_error(err, data, smap, root=Profile)) from None
    if profile.name != name:
        raise ConfigError(f"profile file {name}.yaml declares name {profile.name!r}")
    return profile
