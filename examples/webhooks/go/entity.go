package webhooks

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// EntityPaths maps each event type this receiver knows to where its entity is read (a format with
// the entity ID): thin events carry no state. An event of another type is acknowledged and marked
// processed without a fetch (see Worker).
var EntityPaths = map[string]string{
	"invoice.created":                   "/invoices/%s",
	"invoice.updated":                   "/invoices/%s",
	"receive-request.receive-pending":   "/receive-requests/%s/receives",
	"receive-request.receive-completed": "/receive-requests/%s/receives",
	"payout.updated":                    "/payouts/%s",
	"payment.updated":                   "/payments/%s",
	"currency-exchange-quote.updated":   "/currency-exchange-quotes/%s",
	"deposit.updated":                   "/deposits/%s",
}

// FetchEntity reads the entity the event names. An answer other than 200 is an *APIError, and an
// event without an entity ID a Permanent error, so the worker knows whether to try again.
func FetchEntity(ctx context.Context, client *http.Client, apiBase, apiKey string, event Event) ([]byte, error) {
	path, known := EntityPaths[event.EventType]
	if !known || event.Data.EntityID == "" {
		return nil, Permanent(fmt.Errorf("malformed event: no entity to fetch for %s", event.EventType))
	}
	request, err := http.NewRequestWithContext(ctx, http.MethodGet, apiBase+fmt.Sprintf(path, url.PathEscape(event.Data.EntityID)), nil)
	if err != nil {
		return nil, Permanent(err)
	}
	request.Header.Set("Authorization", "Bearer "+apiKey)
	request.Header.Set("Accept", "application/json")
	response, err := client.Do(request)
	if err != nil {
		return nil, err // the event stays stored; the worker tries again
	}
	defer response.Body.Close()
	body, err := io.ReadAll(response.Body)
	if err != nil {
		return nil, err
	}
	if response.StatusCode != http.StatusOK {
		var problem struct {
			Code string `json:"code"`
		}
		_ = json.Unmarshal(body, &problem) // a body that is not a problem leaves Code empty
		return nil, &APIError{
			Status:     response.StatusCode,
			Code:       problem.Code,
			RetryAfter: ParseRetryAfter(response.Header.Get("Retry-After"), time.Now()),
			Path:       request.URL.Path,
		}
	}
	return body, nil
}
