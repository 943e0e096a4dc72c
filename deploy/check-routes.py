#!/usr/bin/env python3
"""Reads rendered Kubernetes manifests (kustomize output) on stdin and fails unless every REST
route of proto/http.yaml reaches the service that serves it (crm.<service>.v1 → the Deployment,
Service and compose service named <service>), and so does every `routes` prefix of an entry of
services/registry.yaml:

  - through the edge proxy of docker-compose.yml: the first regex of deploy/edge/nginx.conf's
    `map $uri $crm_service` that matches the path names the service, which is a compose service;
  - through the Ingresses: the longest Prefix/Exact path that matches has that Service as its
    backend, and the manifests have that Service and a Deployment of that name.

Path parameters ({id}) are tried with a sample value. Used by deploy/check.sh:
    deploy/check-routes.py ROOT < rendered.yaml
"""
import re
import sys

import yaml

root = sys.argv[1] if len(sys.argv) > 1 else "."
docs = [d for d in yaml.safe_load_all(sys.stdin) if d]
problems = []

# ---- the routes and who serves them ----
routes = []  # (method, path, service)
rules = yaml.safe_load(open(f"{root}/proto/http.yaml"))["http"]["rules"]
for r in rules:
    svc = r["selector"].split(".")[1]  # crm.<svc>.v1.Service.Method
    for b in [r] + list(r.get("additional_bindings") or []):
        for m in ("get", "post", "put", "patch", "delete"):
            if m in b:
                routes.append((m.upper(), b[m], svc))
if not routes:
    sys.exit("check-routes: no routes in proto/http.yaml")
# And the REST prefixes a service serves outside proto/http.yaml (`routes` in services/registry.yaml).
registry = yaml.safe_load(open(f"{root}/services/registry.yaml")) or {}
for entry in registry.get("services") or []:
    for prefix in entry.get("routes") or []:
        routes.append(("GET", prefix + "/{x}", entry["name"]))


def sample(path):
    return re.sub(r"\{[^}]*\}", "x1", path)


# ---- edge proxy (nginx map) ----
conf = open(f"{root}/deploy/edge/nginx.conf").read()
m = re.search(r"^map \$uri \$crm_service \{\n(.*?)^\}", conf, re.S | re.M)
if not m:
    sys.exit("check-routes: no `map $uri $crm_service` in deploy/edge/nginx.conf")
exact, regexes = {}, []
for line in m.group(1).splitlines():
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    key, val = line.rstrip(";").rsplit(None, 1)
    val = val.strip('"')
    if key.startswith("~"):
        regexes.append((re.compile(key[2:] if key.startswith("~*") else key[1:], re.I if key.startswith("~*") else 0), val))
    elif key != "default":
        exact[key] = val


def edge(path):
    # nginx: exact keys first, then the regexes in order of appearance.
    if path in exact:
        return exact[path]
    for rx, val in regexes:
        if rx.search(path):
            return val
    return ""


compose = yaml.safe_load(open(f"{root}/docker-compose.yml")).get("services", {})

# ---- Ingresses ----
backends = []  # (pathType, path, service)
for d in docs:
    if d.get("kind") != "Ingress":
        continue
    for rule in d["spec"].get("rules", []) or []:
        for p in rule.get("http", {}).get("paths", []) or []:
            backends.append((p.get("pathType", "Prefix"), p["path"], p["backend"]["service"]["name"]))


def ingress(path):
    best, svc = -1, ""
    for kind, p, name in backends:
        if kind == "Exact":
            ok = path == p
        else:  # Prefix (ImplementationSpecific read as a prefix): whole segments
            ok = p == "/" or path == p.rstrip("/") or path.startswith(p.rstrip("/") + "/")
        if ok and len(p) > best:
            best, svc = len(p), name
    return svc


deployments = {d["metadata"]["name"] for d in docs if d.get("kind") == "Deployment"}
k8s_services = {d["metadata"]["name"] for d in docs if d.get("kind") == "Service"}

for method, path, svc in routes:
    got = edge(sample(path))
    if got != svc:
        problems.append(f"edge (deploy/edge/nginx.conf): {method} {path} goes to {got or 'nobody (404)'}, served by {svc}")
    elif svc not in compose:
        problems.append(f"docker-compose.yml: no service {svc} for {method} {path}")
    got = ingress(sample(path))
    if got != svc:
        problems.append(f"Ingress: {method} {path} goes to {got or 'nobody'}, served by {svc}")
    elif svc not in k8s_services or svc not in deployments:
        problems.append(f"Ingress: {method} {path} goes to {svc}, which has no Deployment and Service here")

if problems:
    print("\n".join(sorted(set(problems))), file=sys.stderr)
    sys.exit(1)
served = sorted({s for _, _, s in routes})
print(f"Routes: the {len(routes)} routes of proto/http.yaml and services/registry.yaml reach their service ({', '.join(served)}) through the edge proxy and the Ingress")
