// Package config reads the settings every service shares, from flags' defaults and environment.
package config

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// Config holds the process-wide settings (see the README's configuration table).
type Config struct {
	HTTPAddr          string // CRM_HTTP_ADDR
	GRPCAddr          string // CRM_GRPC_ADDR
	DataDir           string // CRM_DATA_DIR
	MongoURI          string // MONGODB_URI; empty = the embedded SQLite store in DataDir
	FirebaseProjectID string // FIREBASE_PROJECT_ID
	AuthEmulatorHost  string // FIREBASE_AUTH_EMULATOR_HOST
	ViaCEPURL         string // CRM_VIACEP_URL
	WebDir            string // CRM_WEB_DIR
	OperatorAddr      string // CRM_OPERATOR_ADDR: gRPC address of the operator service (standalone services)
	AddressAddr       string // CRM_ADDRESS_ADDR: gRPC address of the address service (the standalone customer service)
	CORSOrigins       []string
	LogLevel          string // CRM_LOG_LEVEL: debug, info, warn, error
	ShutdownGrace     time.Duration
	ShutdownDelay     time.Duration // CRM_SHUTDOWN_DELAY: keep serving this long after /readyz turns false
	TrustedProxies    []string      // CRM_TRUSTED_PROXIES: CIDRs of proxies whose X-Forwarded-For is believed
	CallerCacheTTL    time.Duration // CRM_CALLER_CACHE_TTL
	DemoSeed          bool          // CRM_DEMO
	Pprof             bool          // CRM_PPROF: serve /debug/pprof/ on the HTTP port (diagnosis only)
	AssetLinksPackage string        // CRM_ANDROID_PACKAGE
	AssetLinksSHA256  []string      // CRM_ANDROID_SHA256 (comma separated)
	DefaultAppVersion string        // CRM_APP_VERSION
	DefaultAndroidURL string        // CRM_ANDROID_UPDATE_URL
	DefaultWebURL     string        // CRM_WEB_UPDATE_URL
}

// FromEnv returns the configuration with defaults filled in.
func FromEnv() Config {
	return Config{
		HTTPAddr:          env("CRM_HTTP_ADDR", "127.0.0.1:8080"),
		GRPCAddr:          env("CRM_GRPC_ADDR", "127.0.0.1:9090"),
		DataDir:           env("CRM_DATA_DIR", "./.data"),
		MongoURI:          os.Getenv("MONGODB_URI"),
		FirebaseProjectID: env("FIREBASE_PROJECT_ID", "demo-crm"),
		AuthEmulatorHost:  os.Getenv("FIREBASE_AUTH_EMULATOR_HOST"),
		ViaCEPURL:         strings.TrimRight(env("CRM_VIACEP_URL", "https://viacep.com.br"), "/"),
		WebDir:            env("CRM_WEB_DIR", "mobile/dist"),
		OperatorAddr:      env("CRM_OPERATOR_ADDR", "127.0.0.1:9090"),
		AddressAddr:       env("CRM_ADDRESS_ADDR", "127.0.0.1:9090"),
		CORSOrigins:       list(env("CRM_CORS_ORIGINS", "https://localhost,capacitor://localhost,http://localhost")),
		LogLevel:          env("CRM_LOG_LEVEL", "info"),
		ShutdownGrace:     duration("CRM_SHUTDOWN_GRACE", 20*time.Second),
		ShutdownDelay:     duration("CRM_SHUTDOWN_DELAY", 0),
		TrustedProxies:    list(os.Getenv("CRM_TRUSTED_PROXIES")),
		CallerCacheTTL:    duration("CRM_CALLER_CACHE_TTL", 30*time.Second),
		DemoSeed:          boolean("CRM_DEMO", false),
		Pprof:             boolean("CRM_PPROF", false),
		AssetLinksPackage: env("CRM_ANDROID_PACKAGE", "br.com.crmvendas.app"),
		AssetLinksSHA256:  list(os.Getenv("CRM_ANDROID_SHA256")),
		DefaultAppVersion: env("CRM_APP_VERSION", "1.0.0"),
		DefaultAndroidURL: env("CRM_ANDROID_UPDATE_URL", "https://play.google.com/store/apps/details?id=br.com.crmvendas.app"),
		DefaultWebURL:     env("CRM_WEB_UPDATE_URL", "/"),
	}
}

func env(k, def string) string {
	if v, ok := os.LookupEnv(k); ok && v != "" {
		return v
	}
	return def
}

func list(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func duration(k string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(k)); err == nil {
		return d
	}
	return def
}

func boolean(k string, def bool) bool {
	if b, err := strconv.ParseBool(os.Getenv(k)); err == nil {
		return b
	}
	return def
}
