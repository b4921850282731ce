module kestrel.example/webhooks

go 1.19
