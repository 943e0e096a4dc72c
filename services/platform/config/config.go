// Package config reads the settings every service shares from the environment. Every variable is
// parsed and validated at start: an invalid value stops the process with a pt-BR message that
// names the variable and what it accepts, never a silent default.
package config

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"regexp"
	"slices"
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
	// Callees are the gRPC addresses of the services this one calls when deployed on its own, by
	// service name: CRM_<SERVICE>_ADDR (CRM_OPERATOR_ADDR, CRM_CUSTOMER_ADDR, …; see CalleeVar).
	// Read them with Addr: a service not set here is at DefaultCalleeAddr.
	Callees           map[string]string
	CORSOrigins       []string
	LogLevel          string // CRM_LOG_LEVEL: debug, info, warn, error
	ShutdownGrace     time.Duration
	ShutdownDelay     time.Duration // CRM_SHUTDOWN_DELAY: keep serving this long after /readyz turns false
	TrustedProxies    []string      // CRM_TRUSTED_PROXIES: CIDRs of proxies whose X-Forwarded-For is believed
	CallerCacheTTL    time.Duration // CRM_CALLER_CACHE_TTL
	DemoSeed          bool          // CRM_DEMO
	DemoClientes      int           // CRM_DEMO_CLIENTES: customers of the demo company in a new data dir
	DemoPedidosDias   int           // CRM_DEMO_PEDIDOS_DIAS: days of demo orders in a new data dir (0: none)
	Pprof             bool          // CRM_PPROF: serve /debug/pprof/ on PprofAddr (diagnosis only)
	PprofAddr         string        // CRM_PPROF_ADDR: loopback address of the pprof listener
	AssetLinksPackage string        // CRM_ANDROID_PACKAGE
	AssetLinksSHA256  []string      // CRM_ANDROID_SHA256 (comma separated)
	DefaultAppVersion string        // CRM_APP_VERSION
	DefaultAndroidURL string        // CRM_ANDROID_UPDATE_URL
	DefaultWebURL     string        // CRM_WEB_UPDATE_URL

	// Limits (see Limit): per verified user, per client address, and tighter ones for imports
	// and the calls an app makes at sign-in.
	LimitUser   Limit // CRM_RATE_LIMIT_USER
	LimitIP     Limit // CRM_RATE_LIMIT_IP
	LimitImport Limit // CRM_RATE_LIMIT_IMPORT
	LimitSignIn Limit // CRM_RATE_LIMIT_SIGNIN
	// RPCTimeout is the deadline of a call whose client sent none (CRM_RPC_TIMEOUT).
	RPCTimeout time.Duration
	// HTTPWriteTimeout bounds writing one HTTP answer (CRM_HTTP_WRITE_TIMEOUT).
	HTTPWriteTimeout time.Duration
}

// Limit is a token bucket: Rate requests per second on average, Burst at once. Zero Rate means
// no limit.
type Limit struct {
	Rate  float64
	Burst int
}

// Off reports whether the limit is disabled.
func (l Limit) Off() bool { return l.Rate <= 0 }

func (l Limit) String() string {
	if l.Off() {
		return "off"
	}
	switch {
	case l.Rate >= 1:
		return fmt.Sprintf("%g/s,%d", l.Rate, l.Burst)
	case l.Rate*60 >= 1:
		return fmt.Sprintf("%g/min,%d", l.Rate*60, l.Burst)
	default:
		return fmt.Sprintf("%g/h,%d", l.Rate*3600, l.Burst)
	}
}

// Defaults of the limits: generous enough for a seller's app replaying a day offline (hundreds of
// writes at once) and for an office of sellers behind one address.
const (
	DefaultLimitUser   = "50/s,500"
	DefaultLimitIP     = "100/s,1000"
	DefaultLimitImport = "10/min,10"
	DefaultLimitSignIn = "60/min,30"
)

// Load reads and validates the environment. The error lists every invalid variable, one a line.
func Load() (Config, error) {
	var names []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		names = append(names, k)
	}
	return load(os.LookupEnv, names)
}

// FromEnv is Load for tests and tools that have no way to report an error: an invalid value
// panics with Load's message.
func FromEnv() Config {
	c, err := Load()
	if err != nil {
		panic(err)
	}
	return c
}

// LoadFrom is Load over another environment (tests).
func LoadFrom(env map[string]string) (Config, error) {
	names := make([]string, 0, len(env))
	for k := range env {
		names = append(names, k)
	}
	return load(func(k string) (string, bool) { v, ok := env[k]; return v, ok }, names)
}

type reader struct {
	lookup func(string) (string, bool)
	errs   []error
}

// get is the variable's value, or def when it is unset or empty.
func (r *reader) get(k, def string) string {
	if v, ok := r.lookup(k); ok && strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	return def
}

func (r *reader) fail(k, v, accepts string) {
	r.errs = append(r.errs, fmt.Errorf("%s: valor inválido %q; %s", k, v, accepts))
}

// load reads the variables through lookup; names are every variable set (the callees' addresses
// are found by their names).
func load(lookup func(string) (string, bool), names []string) (Config, error) {
	r := &reader{lookup: lookup}
	c := Config{
		HTTPAddr:          r.addr("CRM_HTTP_ADDR", "127.0.0.1:8080"),
		GRPCAddr:          r.addr("CRM_GRPC_ADDR", "127.0.0.1:9090"),
		DataDir:           r.get("CRM_DATA_DIR", "./.data"),
		MongoURI:          r.mongoURI("MONGODB_URI"),
		FirebaseProjectID: r.projectID("FIREBASE_PROJECT_ID", "demo-crm"),
		AuthEmulatorHost:  r.addr("FIREBASE_AUTH_EMULATOR_HOST", ""),
		ViaCEPURL:         strings.TrimRight(r.httpURL("CRM_VIACEP_URL", "https://viacep.com.br", false), "/"),
		WebDir:            r.get("CRM_WEB_DIR", "mobile/dist"),
		Callees:           r.callees(names),
		CORSOrigins:       r.origins("CRM_CORS_ORIGINS", "https://localhost,capacitor://localhost,http://localhost"),
		LogLevel:          r.oneOf("CRM_LOG_LEVEL", "info", "debug", "info", "warn", "error"),
		ShutdownGrace:     r.duration("CRM_SHUTDOWN_GRACE", 20*time.Second, time.Second, 10*time.Minute),
		ShutdownDelay:     r.duration("CRM_SHUTDOWN_DELAY", 0, 0, 20*time.Second),
		TrustedProxies:    r.cidrs("CRM_TRUSTED_PROXIES"),
		CallerCacheTTL:    r.duration("CRM_CALLER_CACHE_TTL", 30*time.Second, 0, time.Hour),
		DemoSeed:          r.boolean("CRM_DEMO", false),
		DemoClientes:      r.integer("CRM_DEMO_CLIENTES", 2000, 0, 1_000_000),
		DemoPedidosDias:   r.integer("CRM_DEMO_PEDIDOS_DIAS", 182, 0, 730),
		Pprof:             r.boolean("CRM_PPROF", false),
		PprofAddr:         r.loopbackAddr("CRM_PPROF_ADDR", "127.0.0.1:6060"),
		AssetLinksPackage: r.androidPackage("CRM_ANDROID_PACKAGE", "br.com.crmvendas.app"),
		AssetLinksSHA256:  r.fingerprints("CRM_ANDROID_SHA256"),
		DefaultAppVersion: r.version("CRM_APP_VERSION", "1.0.0"),
		DefaultAndroidURL: r.httpURL("CRM_ANDROID_UPDATE_URL", "https://play.google.com/store/apps/details?id=br.com.crmvendas.app", false),
		DefaultWebURL:     r.httpURL("CRM_WEB_UPDATE_URL", "/", true),
		LimitUser:         r.limit("CRM_RATE_LIMIT_USER", DefaultLimitUser),
		LimitIP:           r.limit("CRM_RATE_LIMIT_IP", DefaultLimitIP),
		LimitImport:       r.limit("CRM_RATE_LIMIT_IMPORT", DefaultLimitImport),
		LimitSignIn:       r.limit("CRM_RATE_LIMIT_SIGNIN", DefaultLimitSignIn),
		RPCTimeout:        r.duration("CRM_RPC_TIMEOUT", 60*time.Second, time.Second, time.Hour),
		HTTPWriteTimeout:  r.duration("CRM_HTTP_WRITE_TIMEOUT", 90*time.Second, time.Second, time.Hour),
	}
	// The Go runtime reads these itself; GOGC silently falls back to 100 when it can't parse it.
	r.gogc("GOGC")
	r.memLimit("GOMEMLIMIT")
	if c.HTTPWriteTimeout < c.RPCTimeout {
		r.errs = append(r.errs, fmt.Errorf("CRM_HTTP_WRITE_TIMEOUT (%s) menor que CRM_RPC_TIMEOUT (%s): uma resposta REST seria cortada antes do prazo da chamada; use um valor maior ou igual", c.HTTPWriteTimeout, c.RPCTimeout))
	}
	if len(r.errs) > 0 {
		return c, errors.Join(r.errs...)
	}
	return c, nil
}

// DefaultCalleeAddr is where a called service is when its CRM_<SERVICE>_ADDR is unset: the
// all-in-one's gRPC address (every service in one process).
const DefaultCalleeAddr = "127.0.0.1:9090"

// ownAddrs are the CRM_*_ADDR variables of the process itself, not of a service it calls.
var ownAddrs = map[string]bool{"CRM_HTTP_ADDR": true, "CRM_GRPC_ADDR": true, "CRM_PPROF_ADDR": true}

var calleeVar = regexp.MustCompile(`^CRM_([A-Z][A-Z0-9_]*)_ADDR$`)

// CalleeVar is the variable holding the gRPC address of the service named name, the one setting
// per called service (services/registry.yaml names them): CRM_ + the name in capitals, - as _, +
// _ADDR ("customer" -> CRM_CUSTOMER_ADDR).
func CalleeVar(name string) string {
	return "CRM_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_")) + "_ADDR"
}

// Addr is the gRPC address of the service named name (CRM_<SERVICE>_ADDR, see CalleeVar), or
// DefaultCalleeAddr when unset.
func (c Config) Addr(name string) string {
	if a := c.Callees[name]; a != "" {
		return a
	}
	return DefaultCalleeAddr
}

// callees reads every CRM_<SERVICE>_ADDR that is set, each validated as host:port, keyed by the
// service's name in lowercase (CRM_ADDRESS_ADDR -> "address"; _ read as -, as CalleeVar writes it).
func (r *reader) callees(names []string) map[string]string {
	out := map[string]string{}
	names = slices.Sorted(slices.Values(names)) // errors in a stable order
	for _, k := range names {
		m := calleeVar.FindStringSubmatch(k)
		if m == nil || ownAddrs[k] {
			continue
		}
		if v := r.addr(k, ""); v != "" {
			out[strings.ReplaceAll(strings.ToLower(m[1]), "_", "-")] = v
		}
	}
	return out
}

const (
	acceptsAddr     = "use host:porta, como 127.0.0.1:8080 ou 0.0.0.0:8080"
	acceptsDuration = "use uma duração como 30s ou 5m"
	acceptsBool     = "use 1 (ligado) ou 0 (desligado)"
)

func (r *reader) addr(k, def string) string {
	v := r.get(k, def)
	if v == "" {
		return ""
	}
	if !validAddr(v) {
		r.fail(k, v, acceptsAddr)
		return def
	}
	return v
}

func validAddr(v string) bool {
	host, port, err := net.SplitHostPort(v)
	if err != nil || strings.ContainsAny(host, " /") {
		return false
	}
	p, err := strconv.Atoi(port)
	return err == nil && p >= 0 && p <= 65535
}

// loopbackAddr is an address on the loopback interface only (diagnostic listeners).
func (r *reader) loopbackAddr(k, def string) string {
	v := r.get(k, def)
	host, _, _ := net.SplitHostPort(v)
	ip := net.ParseIP(host)
	if !validAddr(v) || !(host == "localhost" || (ip != nil && ip.IsLoopback())) {
		r.fail(k, v, "use um endereço de loopback, como 127.0.0.1:6060 (o pprof nunca fica exposto na rede)")
		return def
	}
	return v
}

func (r *reader) mongoURI(k string) string {
	v := r.get(k, "")
	if v == "" {
		return ""
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "mongodb" && u.Scheme != "mongodb+srv") || u.Host == "" {
		// The URI may carry a password: name the variable, not its value.
		r.errs = append(r.errs, fmt.Errorf("%s: valor inválido; use uma URI como mongodb://host:27017/?replicaSet=rs0 ou mongodb+srv://usuario:senha@cluster.example.net/", k))
		return ""
	}
	return v
}

var projectIDPattern = regexp.MustCompile(`^[a-z][a-z0-9-]{4,28}[a-z0-9]$`)

func (r *reader) projectID(k, def string) string {
	v := r.get(k, def)
	if !projectIDPattern.MatchString(v) {
		r.fail(k, v, "use o id de um projeto do Firebase (6 a 30 letras minúsculas, dígitos e hífens, começando por uma letra), como demo-crm")
		return def
	}
	return v
}

// httpURL is an absolute http(s) URL; relative allows a path starting with "/" too.
func (r *reader) httpURL(k, def string, relative bool) string {
	v := r.get(k, def)
	u, err := url.Parse(v)
	ok := err == nil && ((u.Scheme == "http" || u.Scheme == "https") && u.Host != "" || relative && u.Scheme == "" && u.Host == "" && strings.HasPrefix(v, "/"))
	if !ok {
		accepts := "use um endereço http:// ou https://, como https://viacep.com.br"
		if relative {
			accepts = "use um caminho como / ou um endereço http:// ou https://"
		}
		r.fail(k, v, accepts)
		return def
	}
	return v
}

func (r *reader) origins(k, def string) []string {
	var out []string
	for _, o := range list(r.get(k, def)) {
		u, err := url.Parse(o)
		if o != "*" && (err != nil || u.Scheme == "" || u.Host == "" || (u.Path != "" && u.Path != "/")) {
			r.fail(k, o, "use origens separadas por vírgula, como https://localhost,capacitor://localhost (ou * para todas)")
			continue
		}
		out = append(out, strings.TrimSuffix(o, "/"))
	}
	return out
}

func (r *reader) oneOf(k, def string, allowed ...string) string {
	v := strings.ToLower(r.get(k, def))
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	r.fail(k, v, "use "+strings.Join(allowed[:len(allowed)-1], ", ")+" ou "+allowed[len(allowed)-1])
	return def
}

func (r *reader) duration(k string, def, min, max time.Duration) time.Duration {
	v := r.get(k, "")
	if v == "" {
		return def
	}
	if v == "0" {
		v = "0s" // zero needs no unit
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		r.fail(k, v, acceptsDuration)
		return def
	}
	if d < min || d > max {
		r.fail(k, v, fmt.Sprintf("use uma duração entre %s e %s", human(min), human(max)))
		return def
	}
	return d
}

// human prints a duration the way a user writes it (20s, 1h, 0).
func human(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	s := d.String()
	s = strings.TrimSuffix(s, "0s")
	s = strings.TrimSuffix(s, "0m")
	if strings.HasSuffix(s, "h") || strings.HasSuffix(s, "m") || strings.HasSuffix(s, "s") {
		return s
	}
	return d.String()
}

func (r *reader) boolean(k string, def bool) bool {
	v := r.get(k, "")
	if v == "" {
		return def
	}
	switch strings.ToLower(v) {
	case "1", "true", "sim", "on":
		return true
	case "0", "false", "nao", "não", "off":
		return false
	}
	r.fail(k, v, acceptsBool)
	return def
}

func (r *reader) integer(k string, def, min, max int) int {
	v := r.get(k, "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(strings.ReplaceAll(v, "_", ""))
	if err != nil || n < min || n > max {
		r.fail(k, v, fmt.Sprintf("use um número inteiro entre %d e %d", min, max))
		return def
	}
	return n
}

func (r *reader) cidrs(k string) []string {
	var out []string
	for _, s := range list(r.get(k, "")) {
		if ip := net.ParseIP(s); ip == nil {
			if _, _, err := net.ParseCIDR(s); err != nil {
				r.fail(k, s, "use redes CIDR ou endereços IP separados por vírgula, como 10.0.0.0/8,192.168.1.10")
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

var packagePattern = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$`)

func (r *reader) androidPackage(k, def string) string {
	v := r.get(k, def)
	if !packagePattern.MatchString(v) {
		r.fail(k, v, "use o nome de um pacote Android, como br.com.crmvendas.app")
		return def
	}
	return v
}

var fingerprintPattern = regexp.MustCompile(`^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31}$`)

func (r *reader) fingerprints(k string) []string {
	var out []string
	for _, f := range list(r.get(k, "")) {
		if !fingerprintPattern.MatchString(f) {
			r.fail(k, f, "use impressões SHA-256 do certificado (32 pares hexadecimais separados por dois-pontos, como AB:CD:…), separadas por vírgula")
			continue
		}
		out = append(out, strings.ToUpper(f))
	}
	return out
}

var versionPattern = regexp.MustCompile(`^\d+(\.\d+){0,3}$`)

func (r *reader) version(k, def string) string {
	v := r.get(k, def)
	if !versionPattern.MatchString(v) {
		r.fail(k, v, "use uma versão como 1.0.0")
		return def
	}
	return v
}

// limit parses "RATE/UNIT[,BURST]" (50/s,500; 10/min; 100/h,10) or off / 0.
func (r *reader) limit(k, def string) Limit {
	v := r.get(k, def)
	l, ok := ParseLimit(v)
	if !ok {
		r.fail(k, v, "use taxa/unidade e, opcional, a rajada: 50/s,500 ou 10/min,5 ou 100/h (off ou 0 desliga)")
		l, _ = ParseLimit(def)
	}
	return l
}

// ParseLimit parses a limit as written in the environment (see Config's CRM_RATE_LIMIT_*).
func ParseLimit(v string) (Limit, bool) {
	v = strings.ToLower(strings.ReplaceAll(v, " ", ""))
	if v == "off" || v == "0" {
		return Limit{}, true
	}
	rate, burstS, hasBurst := strings.Cut(v, ",")
	n, unit, ok := strings.Cut(rate, "/")
	if !ok {
		return Limit{}, false
	}
	f, err := strconv.ParseFloat(n, 64)
	if err != nil || f <= 0 || f > 1e6 {
		return Limit{}, false
	}
	switch unit {
	case "s":
	case "min", "m":
		f /= 60
	case "h":
		f /= 3600
	default:
		return Limit{}, false
	}
	burst := int(f)
	if burst < 1 {
		burst = 1
	}
	if hasBurst {
		b, err := strconv.Atoi(burstS)
		if err != nil || b < 1 || b > 1_000_000 {
			return Limit{}, false
		}
		burst = b
	}
	return Limit{Rate: f, Burst: burst}, true
}

func (r *reader) gogc(k string) {
	v := r.get(k, "")
	if v == "" || strings.ToLower(v) == "off" {
		return
	}
	if n, err := strconv.Atoi(v); err != nil || n < 0 {
		r.fail(k, v, "use uma porcentagem inteira, como 100 ou 300, ou off")
	}
}

func (r *reader) memLimit(k string) {
	v := r.get(k, "")
	if v == "" {
		return
	}
	if _, ok := ParseBytes(v); !ok {
		r.fail(k, v, "use um tamanho como 512MiB ou 2GiB (B, KiB, MiB, GiB, TiB), ou off")
	}
}

// ParseBytes parses a size the way the Go runtime reads GOMEMLIMIT (a number with an optional
// B, KiB, MiB, GiB or TiB suffix; off is the largest value).
func ParseBytes(v string) (int64, bool) {
	if v == "off" {
		return 1<<63 - 1, true
	}
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(v, u.suffix) {
			v, mult = strings.TrimSuffix(v, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > (1<<63-1)/mult {
		return 0, false
	}
	return n * mult, true
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
