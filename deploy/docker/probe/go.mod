// A dependency-free health probe for the distroless images, which have no shell, curl or wget.
// Kept out of go.work on purpose: it is built with GOWORK=off inside the Dockerfiles.
module github.com/crmvendas/crm/deploy/docker/probe

go 1.26.0
