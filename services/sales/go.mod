module github.com/crmvendas/crm/services/sales

go 1.26.0

replace (
	github.com/crmvendas/crm/proto/gen/go => ../../proto/gen/go
	github.com/crmvendas/crm/services/platform => ../platform
)

require github.com/crmvendas/crm/services/platform v0.0.0

require (
	golang.org/x/sys v0.48.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260918162117-cecb64721679 // indirect
	google.golang.org/grpc v1.84.0 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)
