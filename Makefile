# The two commands: `make run` (set up and run the product) and `make test` (set up and run every
# test). Everything they need is installed by the targets below from the Go module proxy, the npm
# registry and Debian's packages.
SHELL := /bin/bash
.DEFAULT_GOAL := help
ROOT := $(CURDIR)
BIN := $(ROOT)/bin
# Every module of go.work (a new service adds its `use` line there and nothing here).
GO_MODULES = $(shell go work edit -json | sed -n 's|.*"DiskPath": "\./\(.*\)".*|\1|p')
GO_PKGS := $(addprefix ./,$(addsuffix /...,$(GO_MODULES)))
HAS_MOBILE := $(wildcard mobile/package.json)

.PHONY: help run test bench tools go-tools node-tools chromium build crm web proto proto-check vet test-go test-race test-fuzz test-web test-e2e deploy-check clean

help:
	@echo "make run    - instala o necessário e roda o produto (serviços, emulador do Auth, app web, dados demo)"
	@echo "make test   - instala o necessário e roda todos os testes"
	@echo "make bench  - mede desempenho e memória (razões contra uma linha de base medida na mesma execução)"

## ---------- setup ----------
tools: go-tools node-tools

# Go tools pinned in tools/go.mod (buf, protoc plugins, grpcurl).
go-tools: $(BIN)/.tools-stamp
$(BIN)/.tools-stamp: tools/go.mod tools/go.sum
	@mkdir -p $(BIN)
	@echo "==> ferramentas Go (buf, plugins do protoc, grpcurl) em bin/: 2 a 7 min com o cache Go vazio (sem saída enquanto compila), nada depois"
	cd tools && GOWORK=off GOBIN=$(BIN) go install tool
	@touch $@

# firebase-tools (Auth emulator), pinned in tools/firebase/package-lock.json.
node-tools: tools/firebase/node_modules/.stamp
tools/firebase/node_modules/.stamp: tools/firebase/package-lock.json
	@echo "==> firebase-tools (o emulador do Auth) em tools/firebase: menos de 1 min com o cache do npm, alguns minutos sem ele (sem os módulos nativos opcionais: o emulador do Auth não os usa), nada depois"
	cd tools/firebase && npm ci --no-audit --no-fund --omit=optional
	@touch $@

# Debian's Chromium for the browser tests and benchmarks.
chromium:
	@command -v chromium >/dev/null || { (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

## ---------- build ----------
build: crm web

crm:
	@mkdir -p $(BIN)
	@echo "==> compilando bin/crm: 1 a 2 min com o cache Go vazio, segundos depois"
	go build -trimpath -o $(BIN)/crm ./services/allinone/cmd/crm

web:
ifneq ($(HAS_MOBILE),)
	cd mobile && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || { echo "==> dependências do app (npm ci em mobile/): 1 a 3 min na primeira vez"; npm ci --no-audit --no-fund; }; }
	@echo "==> build do app web (mobile/dist): 1 a 2 min"
	cd mobile && VITE_FIREBASE_AUTH_EMULATOR_URL=$${VITE_FIREBASE_AUTH_EMULATOR_URL-http://$${FIREBASE_AUTH_EMULATOR_HOST:-127.0.0.1:$${CRM_AUTH_EMULATOR_PORT:-9099}}} npm run build
endif

## ---------- run ----------
# The setup steps are independent: run side by side, the downloads (npm) overlap the compiling (Go).
# The Go tools (buf, protoc plugins, grpcurl) are for changing protos and testing: not built here.
run:
	@$(MAKE) --no-print-directory -j3 node-tools build
	scripts/run.sh

## ---------- protos ----------
proto: go-tools
	go run ./services/platform/entity/cmd/gerar-mensagens proto/crm
	rm -rf proto/gen/go/crm proto/gen/openapi
	$(BIN)/buf lint
	$(BIN)/buf generate

# Fails when the committed generated code does not match the protos.
proto-check: go-tools
	@go run ./services/platform/entity/cmd/gerar-mensagens -verificar proto/crm
	@tmp=$$(mktemp -d) && cp -r proto buf.yaml buf.gen.yaml $$tmp/ && rm -rf $$tmp/proto/gen/go/crm $$tmp/proto/gen/openapi && \
	  ln -s $(BIN) $$tmp/bin && (cd $$tmp && $(BIN)/buf lint && $(BIN)/buf generate) && \
	  diff -r proto/gen $$tmp/proto/gen > /dev/null || { echo "proto/gen está desatualizado: rode 'make proto' e faça commit"; rm -rf $$tmp; exit 1; }; \
	  rm -rf $$tmp; echo "proto/gen em dia"

## ---------- tests ----------
test: tools proto-check vet test-go test-race test-fuzz test-web deploy-check
	@echo "make test: tudo verde"

vet:
	@test -z "$$(gofmt -l services proto/gen/go)" || { gofmt -l services proto/gen/go; echo "rode gofmt"; exit 1; }
	go vet $(GO_PKGS)

# One Auth emulator for every Go test package (the store's SQLite files and, for the MongoDB
# backend's contract suite, FerretDB are embedded in each test binary). Then the sales and field
# services' component tests again on the MongoDB backend (FerretDB), among them each one's kill test
# between a record and its summary (TestResumosProcessoMorto, TestResumoVisitasProcessoMorto): ~15 s
# and ~25 s here; TestDemo* is left to SQLite (the sales demo seeds 4,500 records, ~40 s on
# FerretDB, which scans on every write).
test-go: crm
	scripts/with-emulator.sh 9199 bash -c 'go test -count=1 -timeout 15m $(GO_PKGS) && \
	  CRM_TEST_STORE=mongodb go test -count=1 -skip TestDemo ./services/sales/... ./services/field/...'

# The race detector over the code that shares memory between requests (caches, the store and its
# feed, text folding) and the customer use cases.
# The store's MongoDB backend runs on FerretDB, which under the race detector is too slow to be
# worth it: its contract suite runs in test-go; here the SQLite backend's.
test-race:
	scripts/with-emulator.sh 9199 go test -race -count=1 -skip TestMongoFerretDB ./services/platform/... ./services/customer/internal/...

# Budgets in executions (Nx), not seconds: with a duration, Go 1.26's fuzz coordinator can report a
# spurious "context deadline exceeded" at the deadline on a loaded machine (golang/go#75804, fixed
# in Go 1.27). Each count is about 10 s of fuzzing here.
test-fuzz:
	scripts/with-emulator.sh 9199 bash -c 'go test -run XXX -fuzz FuzzNormalizeCEP -fuzztime 30000x ./services/address/internal/domain && \
	  go test -run XXX -fuzz FuzzTermo -fuzztime 25000x ./services/address/cidades && \
	  go test -run XXX -fuzz FuzzDocumento -fuzztime 50000x ./services/customer/internal/domain && \
	  go test -run XXX -fuzz FuzzRequestDecoding -fuzztime 6000x ./services/allinone'

test-web:
ifneq ($(HAS_MOBILE),)
	$(MAKE) web chromium
	cd mobile && npm run lint
	cd mobile && npm test
	cd mobile && npm run cap:check
	# A build of its own (mobile/dist-e2e) for the emulator the e2e run starts on 9299.
	cd mobile && FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9299 npm run build:e2e
	CRM_WEB_DIR=$(ROOT)/mobile/dist-e2e scripts/with-crm.sh 8180 9190 9299 bash -c 'cd mobile && npm run e2e'
endif

deploy-check:
	@if [ -x deploy/check.sh ]; then deploy/check.sh; fi

## ---------- bench ----------
# The benchmarks replay hundreds of writes from one user as fast as they can: no rate limits there
# (they have a test of their own, services/allinone/limits_test.go).
BENCH_NO_LIMITS := CRM_RATE_LIMIT_USER=off CRM_RATE_LIMIT_IP=off CRM_RATE_LIMIT_IMPORT=off CRM_RATE_LIMIT_SIGNIN=off
bench: tools crm chromium
	scripts/with-emulator.sh 9399 go run ./services/allinone/cmd/crmbench
ifneq ($(HAS_MOBILE),)
	VITE_FIREBASE_AUTH_EMULATOR_URL=http://127.0.0.1:9499 $(MAKE) web
	$(BENCH_NO_LIMITS) scripts/with-crm.sh 8480 9490 9499 bash -c 'cd mobile && npm run bench'
	cd mobile && npm run bench:search
	cd mobile && npm run bench:catalogo
	cd mobile && npm run bench:pedido
	cd mobile && npm run bench:graficos
	cd mobile && npm run bench:calendario
	$(BENCH_NO_LIMITS) scripts/with-crm.sh 8480 9490 9499 bash -c 'cd mobile && npm run bench:saida'
	$(BENCH_NO_LIMITS) scripts/with-crm.sh 8480 9490 9499 bash -c 'cd mobile && npm run bench:primeira-copia'
endif

clean:
	rm -rf $(BIN) .data mobile/dist mobile/dist-e2e mobile/dist-bench
