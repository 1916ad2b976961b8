#!/usr/bin/env bash
# deploy/ checked without a container engine: the compose file and the
# Grafana provisioning parse as YAML, the dashboard as JSON, Prometheus's
# config passes `promtool check config`, and every query of the dashboard
# is valid PromQL (`promtool check rules` on them as recording rules) and
# uses only metrics satrap exports.
#
#   bash .ci/deploy.sh
#
# Installs prometheus (for promtool) and python3-yaml with apt-get when
# missing.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v promtool >/dev/null 2>&1 || need+=(prometheus)
python3 -c 'import yaml' >/dev/null 2>&1 || need+=(python3-yaml)
if [[ ${#need[@]} -gt 0 ]]; then
  echo "== apt-get install ${need[*]}" >&2
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  log="$(mktemp)"
  { $SUDO apt-get update -q && $SUDO apt-get install -y -q --no-install-recommends "${need[@]}"; } \
    </dev/null >"$log" 2>&1 || { tail -n 40 "$log" >&2; exit 1; }
fi

work="$(mktemp -d -t satrap-deploy.XXXXXX)"
trap 'rm -rf "$work"' EXIT

echo "== promtool check config deploy/prometheus.yml" >&2
promtool check config deploy/prometheus.yml >&2

echo "== YAML, JSON, and the dashboard's queries" >&2
python3 - "$work/rules.yml" <<'PY'
import json, re, sys, yaml
compose = yaml.safe_load(open("deploy/docker-compose.yml"))
services = compose["services"]
for name in ("satrap-1", "satrap-2", "prometheus", "grafana"):
    assert name in services, f"compose has no {name}"
env = services["satrap-1"]["environment"]
port = env["SATRAP_METRICS_LISTEN"].rsplit(":", 1)[1]
targets = yaml.safe_load(open("deploy/prometheus.yml"))["scrape_configs"][0]["static_configs"][0]["targets"]
assert sorted(targets) == [f"satrap-1:{port}", f"satrap-2:{port}"], targets
for f in ("deploy/grafana/provisioning/datasources/prometheus.yml",
          "deploy/grafana/provisioning/dashboards/satrap.yml"):
    yaml.safe_load(open(f))
dash = json.load(open("deploy/grafana/dashboards/satrap.json"))
exprs = [t["expr"] for p in dash["panels"] for t in p.get("targets", [])]
assert exprs, "no queries in the dashboard"
# The metric names satrap exports (crates/server/src/telemetry/mod.rs).
source = open("crates/server/src/telemetry/mod.rs").read()
exported = set(re.findall(r'"(satrap_[a-z_]+)"', source))
for e in exprs:
    for name in re.findall(r"\bsatrap_[a-z_]+", e):
        base = re.sub(r"_(bucket|count|sum)$", "", name)
        assert name in exported or base in exported, f"{name} is not exported: {e}"
rules = {"groups": [{"name": "dashboard", "rules": [
    {"record": f"dashboard:query{i}", "expr": e} for i, e in enumerate(exprs)]}]}
yaml.safe_dump(rules, open(sys.argv[1], "w"))
print(f"   {len(dash['panels'])} panels, {len(exprs)} queries, services {sorted(services)}", file=sys.stderr)
PY
promtool check rules "$work/rules.yml" >&2
echo "== deploy/ checks passed" >&2
