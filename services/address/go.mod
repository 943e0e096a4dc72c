module github.com/crmvendas/crm/services/address

go 1.26.0

require (
	github.com/crmvendas/crm/proto/gen/go v0.0.0
	github.com/crmvendas/crm/services/platform v0.0.0
)

replace (
	github.com/crmvendas/crm/proto/gen/go => ../../proto/gen/go
	github.com/crmvendas/crm/services/platform => ../platform
)
