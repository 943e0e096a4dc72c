module github.com/crmvendas/crm/services/allinone

go 1.26.0

require (
	github.com/crmvendas/crm/proto/gen/go v0.0.0
	github.com/crmvendas/crm/services/address v0.0.0
	github.com/crmvendas/crm/services/operator v0.0.0
	github.com/crmvendas/crm/services/platform v0.0.0
	github.com/crmvendas/crm/services/system v0.0.0
)

replace (
	github.com/crmvendas/crm/proto/gen/go => ../../proto/gen/go
	github.com/crmvendas/crm/services/address => ../address
	github.com/crmvendas/crm/services/operator => ../operator
	github.com/crmvendas/crm/services/platform => ../platform
	github.com/crmvendas/crm/services/system => ../system
)
