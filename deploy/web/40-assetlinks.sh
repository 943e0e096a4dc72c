#!/bin/sh
# nginx entrypoint hook (Dockerfile.web): writes /tmp/assetlinks.json, served at
# /.well-known/assetlinks.json, with the same content the crm command serves:
#   CRM_ANDROID_PACKAGE  the app's package (default br.com.crmvendas.app)
#   CRM_ANDROID_SHA256   the signing certificates' SHA-256 fingerprints, comma separated
set -eu
pkg=${CRM_ANDROID_PACKAGE:-br.com.crmvendas.app}
fps=""
IFS=','
for fp in ${CRM_ANDROID_SHA256:-}; do
  fp=$(printf '%s' "$fp" | tr -d ' \t')
  [ -n "$fp" ] || continue
  fps="${fps:+$fps,}\"$fp\""
done
printf '[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"%s","sha256_cert_fingerprints":[%s]}}]\n' \
  "$pkg" "$fps" > /tmp/assetlinks.json
