package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"mime"
	"net/http"
	"net/http/pprof"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/google/uuid"
	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/klauspost/compress/gzhttp"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/input"
)

const maxBody = 1 << 20 // 1 MiB

func newGatewayMux() *runtime.ServeMux {
	return runtime.NewServeMux(
		// JSON everywhere, except an answer that is a google.api.HttpBody (a photo): its bytes,
		// with its own Content-Type.
		runtime.WithMarshalerOption(runtime.MIMEWildcard, &runtime.HTTPBodyMarshaler{Marshaler: &runtime.JSONPb{
			MarshalOptions:   protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true},
			UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: false},
		}}),
		runtime.WithIncomingHeaderMatcher(func(k string) (string, bool) {
			if strings.EqualFold(k, "X-Request-Id") {
				return "x-request-id", true
			}
			return runtime.DefaultHeaderMatcher(k)
		}),
		runtime.WithErrorHandler(errorHandler),
		runtime.WithRoutingErrorHandler(routingErrorHandler),
	)
}

// errorBody is what every REST error looks like: the HTTP status, the gRPC code, a pt-BR message
// and, for validation errors, the fields at fault.
type errorBody struct {
	Status   int          `json:"status"`
	Code     string       `json:"code"`
	Mensagem string       `json:"mensagem"`
	Message  string       `json:"message"`
	Campos   []fieldError `json:"campos,omitempty"`
	// Motivo is the machine-readable reason (google.rpc.ErrorInfo) and Detalhes its metadata.
	Motivo   string            `json:"motivo,omitempty"`
	Detalhes map[string]string `json:"detalhes,omitempty"`
}

type fieldError struct {
	Campo     string `json:"campo"`
	Descricao string `json:"descricao"`
}

func errorHandler(ctx context.Context, mux *runtime.ServeMux, m runtime.Marshaler, w http.ResponseWriter, r *http.Request, err error) {
	st, ok := status.FromError(err)
	if !ok {
		st = errs.ToStatus(err)
	}
	msg := st.Message()
	// Request-decoding errors come from the gateway in English, with parser vocabulary: the user
	// gets a pt-BR sentence (and the field, when the parser names one), the detail goes to the log.
	if st.Code() == codes.InvalidArgument && !isOurs(st) {
		detalhe := st.Message()
		slog.WarnContext(ctx, "requisição malformada", "metodo", r.Method, "rota", r.URL.Path, "erro", detalhe)
		msg = errs.MsgInvalidJSON
		if strings.Contains(detalhe, "URL escape") || r.Method == http.MethodGet || r.Method == http.MethodDelete {
			msg = errs.MsgInvalidQuery
		}
		var campos []errs.FieldViolation
		if campo := campoDoErro(detalhe); campo != "" {
			campos = append(campos, errs.FieldViolation{Field: campo, Description: errs.MsgInvalidValue})
		}
		st = errs.ToStatus(errs.Invalid(msg, campos...))
	}
	writeError(w, runtime.HTTPStatusFromCode(st.Code()), st, msg)
}

var campoDoParser = regexp.MustCompile(`\bfield "?([A-Za-z_][A-Za-z0-9_.]*)"?`)

// campoDoErro finds the field a parser error names ("invalid value for int64 field
// limiteCreditoCentavos") in the API's snake_case, or "" (an unknown field is not the user's).
func campoDoErro(detalhe string) string {
	if strings.Contains(detalhe, "unknown field") {
		return ""
	}
	m := campoDoParser.FindStringSubmatch(detalhe)
	if m == nil || m[1] == "type" || strings.HasSuffix(m[1], "field") {
		return ""
	}
	var b strings.Builder
	for i, c := range m[1] {
		if c >= 'A' && c <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteRune(c)
	}
	return b.String()
}

// isOurs tells statuses built from domain errors from the gateway's own decoding errors, by
// their make rather than their words: every status of ours is built by errs.ToStatus and carries
// our google.rpc.ErrorInfo (domain errs.Domain), also after crossing a gRPC hop; grpc-gateway
// reports a body, path or query it can't decode as a bare status.Errorf(InvalidArgument, "%v",
// err) with the decoder's English text ("invalid character 'h' looking for beginning of
// value", "unexpected EOF", "exceeded max depth", "proto: …", "type mismatch, parameter: …"),
// no details.
func isOurs(st *status.Status) bool {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetDomain() == errs.Domain {
			return true
		}
	}
	return false
}

func writeError(w http.ResponseWriter, httpStatus int, st *status.Status, msg string) {
	body := errorBody{Status: httpStatus, Code: st.Code().String(), Mensagem: msg, Message: msg}
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			body.Motivo, body.Detalhes = info.GetReason(), info.GetMetadata()
		}
		if ri, ok := d.(*errdetails.RetryInfo); ok && ri.GetRetryDelay() != nil {
			// Whole seconds, rounded up: a client that waits that long gets through.
			secs := int64(math.Ceil(ri.GetRetryDelay().AsDuration().Seconds()))
			w.Header().Set("Retry-After", strconv.FormatInt(max(secs, 1), 10))
		}
		if br, ok := d.(*errdetails.BadRequest); ok {
			for _, fv := range br.GetFieldViolations() {
				body.Campos = append(body.Campos, fieldError{Campo: fv.GetField(), Descricao: fv.GetDescription()})
			}
		}
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(httpStatus)
	_ = json.NewEncoder(w).Encode(body)
}

func routingErrorHandler(ctx context.Context, mux *runtime.ServeMux, m runtime.Marshaler, w http.ResponseWriter, r *http.Request, httpStatus int) {
	msg := errs.MsgNotFoundRoute
	code := codes.NotFound
	if httpStatus == http.StatusMethodNotAllowed {
		msg, code = errs.MsgMethodNotAllowd, codes.Unimplemented
	}
	writeError(w, httpStatus, status.New(code, msg), msg)
}

// routes assembles the HTTP surface.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/crm/", compressed(s.cors(limitBody(s.bodies, requestID(s.mux)))))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "ok\n")
	})
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if err := s.readyNow(r.Context()); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, "not ready\n")
			return
		}
		io.WriteString(w, "ready\n")
	})
	mux.Handle("/metrics", s.metricsHandler())
	// Never the profiler here (it is on CRM_PPROF_ADDR), nor the app's index.html in its place.
	mux.Handle("/debug/", http.NotFoundHandler())
	for _, m := range s.modules {
		for pattern, h := range m.HTTP {
			mux.Handle(pattern, h)
		}
	}
	mux.Handle("/", webApp(s.cfg.WebDir))
	return mux
}

// pprofMux is the profiler's surface, served only on the loopback listener of CRM_PPROF_ADDR.
func pprofMux() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// bodyLimits are the request size limits: 1 MiB, or a module's own for its large calls.
type bodyLimits struct {
	routes  *http.ServeMux   // the large calls' REST routes, for matching only
	byRoute map[string]int64 // route pattern -> limit
	byRPC   map[string]int64 // gRPC full method -> limit
	largest int64
}

func newBodyLimits(modules []Module) (*bodyLimits, error) {
	l := &bodyLimits{routes: http.NewServeMux(), byRoute: map[string]int64{}, byRPC: map[string]int64{}, largest: maxBody}
	for _, m := range modules {
		for _, b := range m.LargeBodies {
			if b.Method == "" || b.Route == "" || b.Max <= maxBody {
				return nil, fmt.Errorf("módulo %s: LargeBody %q precisa de método, rota e limite acima de 1 MiB", m.Name, b.Method)
			}
			if err := registerPattern(l.routes, b.Route); err != nil {
				return nil, fmt.Errorf("módulo %s: rota %q: %w", m.Name, b.Route, err)
			}
			l.byRoute[b.Route], l.byRPC[b.Method] = b.Max, b.Max
			l.largest = max(l.largest, b.Max)
		}
	}
	return l, nil
}

func registerPattern(mux *http.ServeMux, pattern string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	mux.Handle(pattern, http.NotFoundHandler())
	return nil
}

// forRequest is the limit of a REST request.
func (l *bodyLimits) forRequest(r *http.Request) int64 {
	if l == nil || len(l.byRoute) == 0 {
		return maxBody
	}
	if _, pattern := l.routes.Handler(r); pattern != "" {
		return l.byRoute[pattern]
	}
	return maxBody
}

// forMethod is the limit of a gRPC call.
func (l *bodyLimits) forMethod(method string) int64 {
	if n, ok := l.byRPC[method]; ok {
		return n
	}
	return maxBody
}

func msgTooLarge(limit int64) string {
	if limit == maxBody {
		return errs.MsgBodyTooLarge
	}
	return fmt.Sprintf("Requisição grande demais (máximo de %d MiB).", limit>>20)
}

// unary refuses a gRPC request over its call's limit (the server reads up to the largest one),
// and one whose text carries characters no one types (input.Check: NUL, ESC, bidi overrides…,
// in any field of any request — the one place that rule is applied, REST and gRPC alike).
func (l *bodyLimits) unary() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if m, ok := req.(proto.Message); ok {
			if l.largest > maxBody {
				if limit := l.forMethod(info.FullMethod); int64(proto.Size(m)) > limit {
					return nil, status.Error(codes.ResourceExhausted, msgTooLarge(limit))
				}
			}
			if err := input.Check(m); err != nil {
				return nil, errs.ToStatus(err).Err()
			}
		}
		return handler(ctx, req)
	}
}

// limitBody answers 413 for bodies over the limit (1 MiB unless the route is one of the large
// calls), declared or actual, before the gateway decodes.
func limitBody(limits *bodyLimits, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := limits.forRequest(r)
		tooLarge := func() {
			msg := msgTooLarge(limit)
			writeError(w, http.StatusRequestEntityTooLarge, status.New(codes.ResourceExhausted, msg), msg)
		}
		if r.ContentLength > limit {
			tooLarge()
			return
		}
		if r.Body != nil && r.Body != http.NoBody && r.ContentLength < 0 {
			b, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
			if err != nil {
				writeError(w, http.StatusBadRequest, errs.ToStatus(errs.Invalid(errs.MsgInvalidJSON)), errs.MsgInvalidJSON)
				return
			}
			if int64(len(b)) > limit {
				tooLarge()
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(b))
			r.ContentLength = int64(len(b))
		}
		next.ServeHTTP(w, r)
	})
}

// Request ids: a random prefix per process and a counter (no crypto/rand read per request).
var (
	requestPrefix  = uuid.NewString()[:8]
	requestCounter atomic.Uint64
)

func nextRequestID() string {
	return requestPrefix + "-" + strconv.FormatUint(requestCounter.Add(1), 36)
}

// requestID makes sure every call has an id, echoed in the response and carried to the logs.
func requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 128 {
			id = nextRequestID()
			r.Header.Set("X-Request-Id", id)
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r)
	})
}

// cors lets the Android app (origin https://localhost or capacitor://localhost) call the API.
func (s *Server) cors(next http.Handler) http.Handler {
	allowed := map[string]bool{}
	for _, o := range s.cfg.CORSOrigins {
		allowed[o] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin != "" && (allowed[origin] || allowed["*"]) {
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", origin)
			h.Add("Vary", "Origin")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Request-Id")
			h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS")
			h.Set("Access-Control-Expose-Headers", "X-Request-Id, Retry-After")
			h.Set("Access-Control-Max-Age", "600")
			if r.Method == http.MethodOptions {
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// webApp serves the built app, falling back to index.html for app routes. Files precompressed by
// the build (name.br, name.gz) are served when the client accepts them; /assets/* (hashed names)
// are cached for good, index.html is revalidated every time.
func init() {
	// Not in Go's table nor in every system's mime.types; without it the manifest goes as text/plain.
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

func webApp(dir string) http.Handler {
	return compressed(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if dir == "" {
			http.NotFound(w, r)
			return
		}
		clean := path.Clean("/" + r.URL.Path)
		file := filepath.Join(dir, filepath.FromSlash(clean))
		if st, err := os.Stat(file); err != nil || st.IsDir() {
			if path.Ext(clean) != "" {
				http.NotFound(w, r)
				return
			}
			file = filepath.Join(dir, "index.html")
			if _, err := os.Stat(file); err != nil {
				http.NotFound(w, r)
				return
			}
		}
		h := w.Header()
		if strings.HasPrefix(clean, "/assets/") {
			h.Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			h.Set("Cache-Control", "no-cache")
		}
		serveMaybeCompressed(w, r, file)
	}))
}

// serveMaybeCompressed serves the build's precompressed copy when there is one the client takes
// (brotli at quality 11 beats anything done per request); otherwise the file, which compressed
// (webApp's wrapper, which also sets Vary: Accept-Encoding) compresses on the fly when worth it.
func serveMaybeCompressed(w http.ResponseWriter, r *http.Request, file string) {
	h := w.Header()
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !acceptsEncoding(accept, enc.token) {
			continue
		}
		if st, err := os.Stat(file + enc.ext); err == nil && !st.IsDir() {
			ctype := mime.TypeByExtension(filepath.Ext(file))
			if ctype == "" {
				ctype = "application/octet-stream"
			}
			h.Set("Content-Type", ctype)
			h.Set("Content-Encoding", enc.token)
			http.ServeFile(w, r, file+enc.ext)
			return
		}
	}
	http.ServeFile(w, r, file)
}

// compressed compresses an answer of at least compressMin bytes with zstd or gzip, whichever the
// client's Accept-Encoding prefers (zstd on a tie), with klauspost/compress's gzhttp: Vary:
// Accept-Encoding on every answer, Content-Length dropped and Flush passed through when it
// compresses, never on HEAD, never an answer that already has a Content-Encoding (the web app's
// precompressed files) or a Content-Range. Photos, PDFs and formats already compressed go as
// they are (compressible).
func compressed(h http.Handler) http.Handler { return compressor(h) }

// compressMin: below about one packet compressing gains nothing (gzhttp's own default).
const compressMin = gzhttp.DefaultMinSize

var compressor = func() func(http.Handler) http.HandlerFunc {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.MinSize(compressMin),
		gzhttp.EnableZstd(true),
		gzhttp.ContentTypeFilter(compressible),
	)
	if err != nil {
		panic(err)
	}
	return wrap
}()

// compressible tells the answers worth compressing by their Content-Type: not images (a product
// photo is a JPEG; SVG, being text, is), PDFs (deflated inside), fonts in WOFF/WOFF2, nor what
// gzhttp already knows to be compressed (video, audio, zip, gzip, zstd, brotli…).
func compressible(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		mt = strings.ToLower(strings.TrimSpace(ct))
	}
	switch {
	case mt == "image/svg+xml":
		return true
	case strings.HasPrefix(mt, "image/"), mt == "application/pdf", mt == "font/woff", mt == "font/woff2":
		return false
	}
	return gzhttp.DefaultContentTypeFilter(ct)
}

// acceptsEncoding reports whether an Accept-Encoding header allows token (q=0 refuses it).
func acceptsEncoding(header, token string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), token) {
			continue
		}
		params = strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return params != "q=0" && params != "q=0.0" && params != "q=0.00" && params != "q=0.000"
	}
	return false
}
