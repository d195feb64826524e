"""Machinery shared by the domain packages: registries, errors, seeding, async helpers.

The bottom layer of the import graph: nothing here imports a domain package (agents, chaos, engine ...), so every
package can use it without a cycle. What lives here is machinery with no opinion about agents or evals: the
exception tree and exit codes, the one registry type, deterministic RNGs, the YAML reader, the lean HTTP/1.1
client and server pieces, redaction, deadlines and the kept event loop."""
