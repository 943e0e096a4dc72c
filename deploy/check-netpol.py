#!/usr/bin/env python3
"""Reads rendered Kubernetes manifests (kustomize output) on stdin and fails unless every
Deployment with a container port named grpc is selected by a NetworkPolicy, and no ingress rule of
such a policy lets the grpc port be reached without naming who may call it (a rule without `from`,
or with an empty one, opens the port to everyone). Used by deploy/check.sh."""
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

if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"NetworkPolicy: the gRPC port of {checked} Deployments reachable only by the services that call it ({len(policies)} policies)")
