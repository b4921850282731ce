package webhooks

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
