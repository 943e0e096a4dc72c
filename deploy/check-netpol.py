#!/usr/bin/env python3
"""Reads rendered Kubernetes manifests (kustomize output) on stdin and fails unless every
Deployment with a container port named grpc is selected by a NetworkPolicy, and no ingress rule of
such a policy lets the grpc port be reached without naming who may call it (a rule without `from`,
or with an empty one, opens the port to everyone), and unless every call between services is let
in: a Deployment whose environment (env or an envFrom ConfigMap) has a CRM_*_ADDR naming another
Service (customer:9090) must be named by a `from` of a policy of that Service's pods on the port
it calls. Used by deploy/check.sh."""
import sys

import yaml

docs = [d for d in yaml.safe_load_all(sys.stdin) if d]
policies = [d for d in docs if d.get("kind") == "NetworkPolicy"]
problems = []


def selects(policy, labels):
    sel = policy.get("spec", {}).get("podSelector", {}).get("matchLabels", {}) or {}
    return all(labels.get(k) == v for k, v in sel.items())


def opens(rule, port_names, port_numbers):
    ports = rule.get("ports")
    if not ports:  # no ports: every port
        return True
    for p in ports:
        v = p.get("port")
        if v is None or v in port_names or v in port_numbers:
            return True
    return False


checked = 0
for d in docs:
    if d.get("kind") != "Deployment":
        continue
    name = d["metadata"]["name"]
    tmpl = d["spec"]["template"]
    labels = tmpl.get("metadata", {}).get("labels", {}) or {}
    grpc = [p for c in tmpl["spec"]["containers"] for p in c.get("ports", []) if p.get("name") == "grpc"]
    if not grpc:
        continue
    checked += 1
    mine = [p for p in policies if selects(p, labels) and "Ingress" in p["spec"].get("policyTypes", ["Ingress"])]
    if not mine:
        problems.append(f"Deployment {name}: gRPC port without a NetworkPolicy restricting who may reach it")
        continue
    numbers = {p["containerPort"] for p in grpc}
    for pol in mine:
        for rule in pol["spec"].get("ingress", []) or []:
            if opens(rule, {"grpc"}, numbers) and not rule.get("from"):
                problems.append(f"NetworkPolicy {pol['metadata']['name']}: opens the gRPC port of {name} to everyone (a rule without from)")
            for peer in rule.get("from", []) or []:
                if opens(rule, {"grpc"}, numbers) and (peer.get("ipBlock", {}).get("cidr") in ("0.0.0.0/0", "::/0") or peer == {"namespaceSelector": {}}):
                    problems.append(f"NetworkPolicy {pol['metadata']['name']}: opens the gRPC port of {name} to every address or namespace")

# Calls between services: CRM_<X>_ADDR=<service>:<port> in a caller's environment.
services = {d["metadata"]["name"]: d for d in docs if d.get("kind") == "Service"}
configmaps = {d["metadata"]["name"]: d.get("data", {}) or {} for d in docs if d.get("kind") == "ConfigMap"}
deployments = [d for d in docs if d.get("kind") == "Deployment"]
calls = 0
for d in deployments:
    name = d["metadata"]["name"]
    tmpl = d["spec"]["template"]
    labels = tmpl.get("metadata", {}).get("labels", {}) or {}
    for c in tmpl["spec"]["containers"]:
        env = {}
        for ef in c.get("envFrom", []) or []:
            env.update(configmaps.get(ef.get("configMapRef", {}).get("name"), {}))
        env.update({e["name"]: e["value"] for e in c.get("env", []) or [] if "value" in e})
        for k, v in env.items():
            if not (k.startswith("CRM_") and k.endswith("_ADDR")) or ":" not in str(v):
                continue
            host, port = str(v).rsplit(":", 1)
            svc = services.get(host.split(".")[0])
            if svc is None or not port.isdigit():
                continue
            sp = next((p for p in svc["spec"]["ports"] if p["port"] == int(port)), None)
            if sp is None:
                problems.append(f"Deployment {name}: {k}={v}, but Service {svc['metadata']['name']} has no port {port}")
                continue
            sel = svc["spec"].get("selector", {}) or {}
            targets = [t for t in deployments if all((t["spec"]["template"].get("metadata", {}).get("labels", {}) or {}).get(a) == b for a, b in sel.items())]
            if any(t["metadata"]["name"] == name for t in targets):
                continue  # its own Service (CRM_OPERATOR_ADDR in the shared ConfigMap reaches the operator too)
            calls += 1
            target = sp.get("targetPort", sp["port"])
            names = {target} if isinstance(target, str) else set()
            numbers = {target} if isinstance(target, int) else set()
            for t in targets:
                tl = t["spec"]["template"].get("metadata", {}).get("labels", {}) or {}
                for cc in t["spec"]["template"]["spec"]["containers"]:
                    for p in cc.get("ports", []) or []:
                        if p.get("name") in names or p.get("containerPort") in numbers:
                            names.add(p.get("name"))
                            numbers.add(p.get("containerPort"))
                pols = [p for p in policies if selects(p, tl) and "Ingress" in p["spec"].get("policyTypes", ["Ingress"])]
                if not pols:
                    continue  # no policy: everything may reach it (the check above flags gRPC ports)
                allowed = any(
                    opens(rule, names, numbers) and any(
                        "podSelector" in peer and "namespaceSelector" not in peer
                        and all(labels.get(a) == b for a, b in (peer["podSelector"].get("matchLabels", {}) or {}).items())
                        for peer in rule.get("from", []) or [])
                    for pol in pols for rule in pol["spec"].get("ingress", []) or [])
                if not allowed:
                    problems.append(f"Deployment {name} calls {v} ({k}), but no NetworkPolicy of {t['metadata']['name']} lets {name} in on that port")

if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"NetworkPolicy: the gRPC port of {checked} Deployments reachable only by the services that call it, and those {calls} calls let in ({len(policies)} policies)")
