module github.com/crmvendas/crm/services/field

go 1.26.0

require (
	github.com/crmvendas/crm/proto/gen/go v0.0.0
	github.com/crmvendas/crm/services/platform v0.0.0
	github.com/grpc-ecosystem/grpc-gateway/v2 v2.31.0
	google.golang.org/grpc v1.84.0
	google.golang.org/protobuf v1.36.12
)

replace (
	github.com/crmvendas/crm/proto/gen/go => ../../proto/gen/go
	github.com/crmvendas/crm/services/platform => ../platform
)
