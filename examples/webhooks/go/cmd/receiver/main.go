// Command receiver runs the Kestrel webhook handler with a FileStore and a Worker that fetches the
// entity each stored event names.
//
//	KESTREL_WEBHOOK_SECRET=... KESTREL_API_KEY=... go run ./cmd/receiver
//
// Events are kept in KESTREL_EVENTS_DIR (default kestrel-events-<PORT>). When it starts, the worker first
// processes what a crash left stored but unprocessed.
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"kestrel.example/webhooks"
)

// entityPaths maps the first part of an event type to where its entity is read.
var entityPaths = map[string]string{
	"invoice":                 "/invoices/%s",
	"receive-request":         "/receive-requests/%s/receives",
	"payout":                  "/payouts/%s",
	"payment":                 "/payments/%s",
	"currency-exchange-quote": "/currency-exchange-quotes/%s",
	"deposit":                 "/deposits/%s",
}

func main() {
	secret, apiKey := os.Getenv("KESTREL_WEBHOOK_SECRET"), os.Getenv("KESTREL_API_KEY")
	if secret == "" || apiKey == "" {
		log.Fatal("Set KESTREL_WEBHOOK_SECRET and KESTREL_API_KEY.")
	}
	apiBase := getenv("KESTREL_API_BASE", "https://api.sandbox.kestrel.example/v1")
	port := getenv("PORT", "3000")
	// One store per port by default: a receiver restarted on its port finds what it left.
	store := &webhooks.FileStore{Dir: getenv("KESTREL_EVENTS_DIR", "kestrel-events-"+port)}
	client := &http.Client{Timeout: 10 * time.Second}

	worker := &webhooks.Worker{Store: store, Process: func(ctx context.Context, event webhooks.Event) error {
		path, ok := entityPaths[strings.SplitN(event.EventType, ".", 2)[0]]
		if !ok {
			return nil // an event type this receiver does not handle: nothing to do
		}
		request, err := http.NewRequestWithContext(ctx, http.MethodGet, apiBase+fmt.Sprintf(path, url.PathEscape(event.Data.EntityID)), nil)
		if err != nil {
			return err
		}
		request.Header.Set("Authorization", "Bearer "+apiKey)
		request.Header.Set("Accept", "application/json")
		response, err := client.Do(request)
		if err != nil {
			return err // the event stays stored; the worker tries again
		}
		defer response.Body.Close()
		body, err := io.ReadAll(response.Body)
		if err != nil {
			return err
		}
		if response.StatusCode != http.StatusOK {
			return fmt.Errorf("GET %s answered %d", request.URL.Path, response.StatusCode)
		}
		log.Printf("%s %s: %s", event.EventType, event.Data.EntityID, body)
		return nil
	}}
	go worker.Run(context.Background())

	http.Handle("/webhooks/kestrel", webhooks.Handler(secret, store, worker.Wake))
	log.Printf("Listening on http://127.0.0.1:%s/webhooks/kestrel", port)
	server := &http.Server{Addr: "127.0.0.1:" + port, ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(server.ListenAndServe())
}

func getenv(name, fallback string) string {
	if value := os.Getenv(name); value != "" {
		return value
	}
	return fallback
}
