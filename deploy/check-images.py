#!/usr/bin/env python3
"""Reads the resolved Compose file (`docker compose config` output) on stdin and fails unless the
images are built as deploy/README.md says: every Dockerfile a service names exists; every Go
service (services/<svc>/cmd/<svc>) is built by deploy/docker/Dockerfile.go with the build arg
SERVICE=<svc>; every build of Dockerfile.go names a SERVICE whose Go command exists; no other
Dockerfile builds Go (copies go.work); and every module of go.work lies under a directory that
Dockerfile.go copies (its `modules` stage keeps their go.mod/go.sum; a module elsewhere would stop
`go mod download`: "cannot load module … listed in go.work"). Used by deploy/check.sh.

    check-images.py ROOT < compose-config.yaml
"""
import glob
import os
import re
import sys

import yaml

root = sys.argv[1]
GO_DOCKERFILE = "deploy/docker/Dockerfile.go"
compose = yaml.safe_load(sys.stdin) or {}
problems = []


def rel(path):
    return os.path.relpath(os.path.normpath(path), root)


# Who builds what: {service: (dockerfile relative to the root, args)}.
builds = {}
for name, svc in (compose.get("services") or {}).items():
    build = svc.get("build")
    if build is None:
        continue
    if isinstance(build, str):
        build = {"context": build}
    context = os.path.join(root, build.get("context", "."))
    dockerfile = rel(os.path.join(context, build.get("dockerfile", "Dockerfile")))
    args = build.get("args") or {}
    if isinstance(args, list):  # ["K=V", …]
        args = dict(a.split("=", 1) if "=" in a else (a, "") for a in args)
    builds[name] = (dockerfile, {k: str(v) for k, v in args.items()})
    if not os.path.isfile(os.path.join(root, dockerfile)):
        problems.append(f"docker-compose.yml: {name} is built from {dockerfile}, which does not exist")

# Every build of the Go Dockerfile names a SERVICE whose command exists.
built = {}
for name, (dockerfile, args) in sorted(builds.items()):
    if dockerfile != GO_DOCKERFILE:
        continue
    service = args.get("SERVICE", "")
    if not service:
        problems.append(f"docker-compose.yml: {name} is built from {GO_DOCKERFILE} without the build arg SERVICE")
        continue
    package = args.get("PACKAGE") or f"./services/{service}/cmd/{service}"
    if not os.path.isdir(os.path.join(root, package)):
        problems.append(f"docker-compose.yml: {name} builds {package} (SERVICE={service}), which does not exist")
    built.setdefault(os.path.normpath(package), []).append(name)

# Every Go service is built by it.
services = []
for cmd in sorted(glob.glob(os.path.join(root, "services", "*", "cmd", "*", ""))):
    cmd = os.path.normpath(cmd)
    svc, folder = os.path.basename(cmd), os.path.basename(os.path.dirname(os.path.dirname(cmd)))
    if svc != folder:  # services/allinone/cmd/crm…: not a service of its own
        continue
    services.append(svc)
    if os.path.normpath(f"services/{svc}/cmd/{svc}") not in built:
        problems.append(
            f"services/{svc} is built by no service of docker-compose.yml: add one built like the "
            f"others ({GO_DOCKERFILE}: `<<: *go-build` and `args: {{SERVICE: {svc}}}`)")

# Only the one Dockerfile builds Go: a second copy is what got missed before.
for f in sorted(glob.glob(os.path.join(root, "deploy", "docker", "Dockerfile.*"))):
    if rel(f) == GO_DOCKERFILE:
        continue
    with open(f, encoding="utf-8") as fh:
        if re.search(r"^COPY\s+go\.work\b", fh.read(), re.M):
            problems.append(f"{rel(f)} builds Go (copies go.work): build it with {GO_DOCKERFILE} and --build-arg SERVICE=… instead")

# Every module of go.work lies under what Dockerfile.go copies from the context.
go_dockerfile = os.path.join(root, GO_DOCKERFILE)
if os.path.isfile(go_dockerfile):
    copied = set()
    with open(go_dockerfile, encoding="utf-8") as fh:
        for line in fh:
            words = line.split()
            if not words or words[0] != "COPY" or any(w.startswith("--from=") for w in words):
                continue
            srcs = [w for w in words[1:] if not w.startswith("--")][:-1]
            copied.update(os.path.normpath(s) for s in srcs)
    with open(os.path.join(root, "go.work"), encoding="utf-8") as fh:
        text = re.sub(r"//.*", "", fh.read())
    modules = []
    for block in re.findall(r"^use\s*\((.*?)\)", text, re.M | re.S):
        modules += block.split()
    modules += re.findall(r"^use\s+([^\s(]+)", text, re.M)
    if not modules:
        problems.append("go.work: no modules found")
    for m in modules:
        m = os.path.normpath(m)
        if not any(m == c or m.startswith(c + os.sep) for c in copied):
            problems.append(
                f"{GO_DOCKERFILE} copies no directory holding {m}, a module of go.work "
                f"(go mod download would stop: cannot load module {m}); copy it in the modules and build stages")

if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"Images: the {len(services)} Go services ({', '.join(services)}) built by {GO_DOCKERFILE} "
      f"({len(built)} commands), the {len(modules)} modules of go.work copied")
