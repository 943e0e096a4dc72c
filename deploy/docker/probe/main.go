// Command probe is the HEALTHCHECK of the service images (distroless: no shell, curl or wget).
//
//	probe [PATH]    GET http://127.0.0.1:<port of CRM_HTTP_ADDR>PATH (default /readyz)
//
// It exits 0 on a 2xx answer within 3 s and 1 otherwise. Kubernetes does not use it (its
// probes are httpGet); Docker and Compose do.
package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"time"
)

func main() {
	path := "/readyz"
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	port := "8080"
	if addr := os.Getenv("CRM_HTTP_ADDR"); addr != "" {
		if _, p, err := net.SplitHostPort(addr); err == nil && p != "" {
			port = p
		}
	}
	client := &http.Client{Timeout: 3 * time.Second}
	resp, err := client.Get("http://" + net.JoinHostPort("127.0.0.1", port) + path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "probe:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		fmt.Fprintln(os.Stderr, "probe:", path, resp.Status)
		os.Exit(1)
	}
}
