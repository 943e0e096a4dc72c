package config

import (
	"strings"
	"testing"
	"time"
)

// TestDefaults: an empty environment is valid and gives the documented defaults.
func TestDefaults(t *testing.T) {
	c, err := LoadFrom(nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTPAddr != "127.0.0.1:8080" || c.GRPCAddr != "127.0.0.1:9090" || c.CallerCacheTTL != 30*time.Second ||
		c.FirebaseProjectID != "demo-crm" || c.DemoClientes != 2000 || c.PprofAddr != "127.0.0.1:6060" || c.Pprof ||
		c.LogLevel != "info" || c.RPCTimeout != 60*time.Second || c.HTTPWriteTimeout != 90*time.Second ||
		c.Addr("operator") != "127.0.0.1:9090" || c.Addr("address") != "127.0.0.1:9090" || c.Addr("customer") != "127.0.0.1:9090" || c.Addr("system") != "127.0.0.1:9090" {
		t.Errorf("defaults: %+v", c)
	}
	if c.LimitUser != (Limit{Rate: 50, Burst: 500}) || c.LimitImport.Burst != 10 || c.LimitImport.Rate != 10.0/60 {
		t.Errorf("default limits: %v %v", c.LimitUser, c.LimitImport)
	}
}

// TestValid: accepted spellings and what they mean.
func TestValid(t *testing.T) {
	for _, tc := range []struct {
		k, v  string
		check func(Config) bool
	}{
		{"CRM_CALLER_CACHE_TTL", "5m", func(c Config) bool { return c.CallerCacheTTL == 5*time.Minute }},
		{"CRM_CALLER_CACHE_TTL", "0", func(c Config) bool { return c.CallerCacheTTL == 0 }},
		{"CRM_SHUTDOWN_DELAY", "20s", func(c Config) bool { return c.ShutdownDelay == 20*time.Second }},
		{"CRM_DEMO", "1", func(c Config) bool { return c.DemoSeed }},
		{"CRM_DEMO", "true", func(c Config) bool { return c.DemoSeed }},
		{"CRM_PPROF", "0", func(c Config) bool { return !c.Pprof }},
		{"CRM_PPROF_ADDR", "[::1]:7070", func(c Config) bool { return c.PprofAddr == "[::1]:7070" }},
		{"CRM_PPROF_ADDR", "localhost:7070", func(c Config) bool { return c.PprofAddr == "localhost:7070" }},
		{"CRM_HTTP_ADDR", ":8080", func(c Config) bool { return c.HTTPAddr == ":8080" }},
		{"CRM_HTTP_ADDR", "0.0.0.0:0", func(c Config) bool { return c.HTTPAddr == "0.0.0.0:0" }},
		{"FIREBASE_AUTH_EMULATOR_HOST", "localhost:9099", func(c Config) bool { return c.AuthEmulatorHost == "localhost:9099" }},
		{"CRM_CUSTOMER_ADDR", "customer:9090", func(c Config) bool { return c.Addr("customer") == "customer:9090" }},
		{"CRM_CUSTOMER_ADDR", " [::1]:9094 ", func(c Config) bool { return c.Addr("customer") == "[::1]:9094" }},
		{"CRM_SYSTEM_ADDR", "system:9090", func(c Config) bool { return c.Addr("system") == "system:9090" }},
		{"MONGODB_URI", "mongodb+srv://u:p@cluster.example.net/?retryWrites=true", func(c Config) bool { return c.MongoURI != "" }},
		{"CRM_VIACEP_URL", "http://127.0.0.1:9501/", func(c Config) bool { return c.ViaCEPURL == "http://127.0.0.1:9501" }},
		{"CRM_WEB_UPDATE_URL", "/", func(c Config) bool { return c.DefaultWebURL == "/" }},
		{"CRM_LOG_LEVEL", "WARN", func(c Config) bool { return c.LogLevel == "warn" }},
		{"CRM_TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.10", func(c Config) bool { return len(c.TrustedProxies) == 2 }},
		{"CRM_CORS_ORIGINS", "*", func(c Config) bool { return len(c.CORSOrigins) == 1 }},
		{"CRM_DEMO_CLIENTES", "20000", func(c Config) bool { return c.DemoClientes == 20000 }},
		{"CRM_DEMO_CLIENTES", "0", func(c Config) bool { return c.DemoClientes == 0 }},
		{"CRM_RATE_LIMIT_USER", "off", func(c Config) bool { return c.LimitUser.Off() }},
		{"CRM_RATE_LIMIT_USER", "0", func(c Config) bool { return c.LimitUser.Off() }},
		{"CRM_RATE_LIMIT_USER", "5/s", func(c Config) bool { return c.LimitUser == Limit{Rate: 5, Burst: 5} }},
		{"CRM_RATE_LIMIT_IMPORT", "120/h,2", func(c Config) bool { return c.LimitImport == Limit{Rate: 120.0 / 3600, Burst: 2} }},
		{"CRM_RATE_LIMIT_SIGNIN", "30/min, 10", func(c Config) bool { return c.LimitSignIn == Limit{Rate: 0.5, Burst: 10} }},
		{"CRM_ANDROID_SHA256", strings.Repeat("ab:", 31) + "ab", func(c Config) bool { return len(c.AssetLinksSHA256) == 1 }},
		{"CRM_APP_VERSION", "2.10.3", func(c Config) bool { return c.DefaultAppVersion == "2.10.3" }},
		{"GOMEMLIMIT", "768MiB", func(c Config) bool { return true }},
		{"GOGC", "off", func(c Config) bool { return true }},
	} {
		c, err := LoadFrom(map[string]string{tc.k: tc.v})
		if err != nil || !tc.check(c) {
			t.Errorf("%s=%q: err %v, config %+v", tc.k, tc.v, err, c)
		}
	}
}

// TestInvalid: every invalid value stops the start with a pt-BR message naming the variable,
// the value and what it accepts.
func TestInvalid(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"CRM_CALLER_CACHE_TTL": "30"}, `CRM_CALLER_CACHE_TTL: valor inválido "30"; use uma duração como 30s ou 5m`},
		{map[string]string{"CRM_CALLER_CACHE_TTL": "-1s"}, `CRM_CALLER_CACHE_TTL: valor inválido "-1s"; use uma duração entre 0 e 1h`},
		{map[string]string{"CRM_SHUTDOWN_DELAY": "1m"}, `CRM_SHUTDOWN_DELAY: valor inválido "1m"; use uma duração entre 0 e 20s`},
		{map[string]string{"CRM_SHUTDOWN_GRACE": "abc"}, `CRM_SHUTDOWN_GRACE: valor inválido "abc"; use uma duração`},
		{map[string]string{"CRM_DEMO": "yes"}, `CRM_DEMO: valor inválido "yes"; use 1 (ligado) ou 0 (desligado)`},
		{map[string]string{"CRM_PPROF": "2"}, `CRM_PPROF: valor inválido "2"`},
		{map[string]string{"CRM_PPROF_ADDR": "0.0.0.0:6060"}, `CRM_PPROF_ADDR: valor inválido "0.0.0.0:6060"; use um endereço de loopback`},
		{map[string]string{"CRM_PPROF_ADDR": ":6060"}, `CRM_PPROF_ADDR: valor inválido ":6060"`},
		{map[string]string{"CRM_HTTP_ADDR": "8080"}, `CRM_HTTP_ADDR: valor inválido "8080"; use host:porta`},
		{map[string]string{"CRM_GRPC_ADDR": "127.0.0.1:99999"}, `CRM_GRPC_ADDR: valor inválido "127.0.0.1:99999"`},
		{map[string]string{"FIREBASE_AUTH_EMULATOR_HOST": "http://127.0.0.1:9099"}, `FIREBASE_AUTH_EMULATOR_HOST: valor inválido "http://127.0.0.1:9099"; use host:porta`},
		{map[string]string{"CRM_OPERATOR_ADDR": "operator"}, `CRM_OPERATOR_ADDR: valor inválido "operator"`},
		{map[string]string{"CRM_CUSTOMER_ADDR": "customer"}, `CRM_CUSTOMER_ADDR: valor inválido "customer"; use host:porta`},
		{map[string]string{"CRM_SYSTEM_ADDR": "system"}, `CRM_SYSTEM_ADDR: valor inválido "system"; use host:porta`},
		{map[string]string{"CRM_CUSTOMER_ADDR": "http://customer:9090"}, `CRM_CUSTOMER_ADDR: valor inválido "http://customer:9090"; use host:porta`},
		{map[string]string{"MONGODB_URI": "localhost:27017"}, `MONGODB_URI: valor inválido; use uma URI como mongodb://`},
		{map[string]string{"FIREBASE_PROJECT_ID": "Meu Projeto"}, `FIREBASE_PROJECT_ID: valor inválido "Meu Projeto"`},
		{map[string]string{"CRM_VIACEP_URL": "viacep.com.br"}, `CRM_VIACEP_URL: valor inválido "viacep.com.br"; use um endereço http:// ou https://`},
		{map[string]string{"CRM_WEB_UPDATE_URL": "app"}, `CRM_WEB_UPDATE_URL: valor inválido "app"; use um caminho como /`},
		{map[string]string{"CRM_LOG_LEVEL": "verbose"}, `CRM_LOG_LEVEL: valor inválido "verbose"; use debug, info, warn ou error`},
		{map[string]string{"CRM_TRUSTED_PROXIES": "10.0.0.0/33"}, `CRM_TRUSTED_PROXIES: valor inválido "10.0.0.0/33"; use redes CIDR`},
		{map[string]string{"CRM_CORS_ORIGINS": "localhost"}, `CRM_CORS_ORIGINS: valor inválido "localhost"; use origens`},
		{map[string]string{"CRM_DEMO_CLIENTES": "dois mil"}, `CRM_DEMO_CLIENTES: valor inválido "dois mil"; use um número inteiro entre 0 e 1000000`},
		{map[string]string{"CRM_DEMO_CLIENTES": "-1"}, `CRM_DEMO_CLIENTES: valor inválido "-1"`},
		{map[string]string{"CRM_ANDROID_PACKAGE": "crm"}, `CRM_ANDROID_PACKAGE: valor inválido "crm"`},
		{map[string]string{"CRM_ANDROID_SHA256": "abc"}, `CRM_ANDROID_SHA256: valor inválido "abc"`},
		{map[string]string{"CRM_APP_VERSION": "v1"}, `CRM_APP_VERSION: valor inválido "v1"; use uma versão como 1.0.0`},
		{map[string]string{"CRM_RATE_LIMIT_USER": "50"}, `CRM_RATE_LIMIT_USER: valor inválido "50"; use taxa/unidade`},
		{map[string]string{"CRM_RATE_LIMIT_IP": "10/dia"}, `CRM_RATE_LIMIT_IP: valor inválido "10/dia"`},
		{map[string]string{"CRM_RATE_LIMIT_IMPORT": "1/min,0"}, `CRM_RATE_LIMIT_IMPORT: valor inválido "1/min,0"`},
		{map[string]string{"CRM_RATE_LIMIT_SIGNIN": "-1/s"}, `CRM_RATE_LIMIT_SIGNIN: valor inválido "-1/s"`},
		{map[string]string{"CRM_RPC_TIMEOUT": "0"}, `CRM_RPC_TIMEOUT: valor inválido "0s"; use uma duração entre 1s e 1h`},
		{map[string]string{"CRM_RPC_TIMEOUT": "2m"}, `CRM_HTTP_WRITE_TIMEOUT (1m30s) menor que CRM_RPC_TIMEOUT (2m0s)`},
		{map[string]string{"CRM_HTTP_WRITE_TIMEOUT": "10"}, `CRM_HTTP_WRITE_TIMEOUT: valor inválido "10"`},
		{map[string]string{"GOGC": "muito"}, `GOGC: valor inválido "muito"; use uma porcentagem inteira`},
		{map[string]string{"GOMEMLIMIT": "512M"}, `GOMEMLIMIT: valor inválido "512M"; use um tamanho como 512MiB`},
	} {
		_, err := LoadFrom(tc.env)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.env, err, tc.want)
		}
	}
}

// TestEveryErrorAtOnce: one start reports every invalid variable, not only the first.
func TestEveryErrorAtOnce(t *testing.T) {
	_, err := LoadFrom(map[string]string{"CRM_CALLER_CACHE_TTL": "30", "CRM_DEMO": "talvez", "MONGODB_URI": "senha-secreta"})
	if err == nil {
		t.Fatal("accepted")
	}
	msg := err.Error()
	if strings.Count(msg, "\n") != 2 || !strings.Contains(msg, "CRM_CALLER_CACHE_TTL") || !strings.Contains(msg, "CRM_DEMO") {
		t.Errorf("message: %s", msg)
	}
	if strings.Contains(msg, "senha-secreta") {
		t.Errorf("MONGODB_URI's value (it may hold a password) is in the message: %s", msg)
	}
}

func TestParseBytes(t *testing.T) {
	for v, want := range map[string]int64{"512MiB": 512 << 20, "1GiB": 1 << 30, "1000": 1000, "10B": 10} {
		if got, ok := ParseBytes(v); !ok || got != want {
			t.Errorf("%s: %d %v", v, got, ok)
		}
	}
	for _, v := range []string{"512M", "-1", "1.5GiB", ""} {
		if _, ok := ParseBytes(v); ok {
			t.Errorf("%q accepted", v)
		}
	}
}

// TestCallees: the address of every called service is one setting named after it, read by Addr;
// today's names work as before, a new service's name needs no new field, and an invalid value
// stops the start like any other.
func TestCallees(t *testing.T) {
	for name, want := range map[string]string{"operator": "CRM_OPERATOR_ADDR", "address": "CRM_ADDRESS_ADDR",
		"customer": "CRM_CUSTOMER_ADDR", "system": "CRM_SYSTEM_ADDR", "field-work": "CRM_FIELD_WORK_ADDR"} {
		if got := CalleeVar(name); got != want {
			t.Errorf("CalleeVar(%q) = %s, want %s", name, got, want)
		}
	}
	c, err := LoadFrom(map[string]string{"CRM_OPERATOR_ADDR": "operator:9090", "CRM_ADDRESS_ADDR": "address:9090",
		"CRM_FIELD_WORK_ADDR": "field-work:9090", "CRM_HTTP_ADDR": "0.0.0.0:8080"})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"operator": "operator:9090", "address": "address:9090", "field-work": "field-work:9090",
		"customer": DefaultCalleeAddr, "http": DefaultCalleeAddr} {
		if got := c.Addr(name); got != want {
			t.Errorf("Addr(%q) = %s, want %s", name, got, want)
		}
	}
	_, err = LoadFrom(map[string]string{"CRM_FIELD_ADDR": "field", "CRM_ADDRESS_ADDR": "address:x"})
	if err == nil || !strings.Contains(err.Error(), `CRM_FIELD_ADDR: valor inválido "field"; use host:porta`) ||
		!strings.Contains(err.Error(), `CRM_ADDRESS_ADDR: valor inválido "address:x"`) ||
		strings.Index(err.Error(), "CRM_ADDRESS_ADDR") > strings.Index(err.Error(), "CRM_FIELD_ADDR") {
		t.Errorf("invalid callee addresses, in name order: %v", err)
	}
}
