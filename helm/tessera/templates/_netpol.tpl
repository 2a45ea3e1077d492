{{/*
Pieces of the NetworkPolicies (templates/networkpolicies.yaml). Each builds a value with dict/list
and returns it as YAML, so the policies are assembled as data and rendered with toYaml.
Who calls whom is not written here: files/trust.yaml is generated from services/facts/src/trust.ts
(node helm/trust.mjs --write), and helm/test/netpol.test.ts checks the rendered policies against it.
*/}}

{{/* The trust table's chart part; fails when the generated file is missing. */}}
{{- define "tessera.trust" -}}
{{- $trust := .Files.Get "files/trust.yaml" | fromYaml -}}
{{- if or (not $trust.callers) (not (hasKey $trust "busUsers")) -}}
{{- fail "files/trust.yaml is missing or incomplete: run node helm/trust.mjs --write" -}}
{{- end -}}
{{- toYaml $trust -}}
{{- end -}}

{{/* A peer selecting the pods of one process of this release ({root, name}); the operator CLI's
pods ("ops") carry the same three labels. */}}
{{- define "tessera.netpolPodPeer" -}}
{{- toYaml (dict "podSelector" (dict "matchLabels" (include "tessera.selectorLabels" . | fromYaml))) -}}
{{- end -}}

{{/* One rule {to|from: peers, ports} from {key, peers, cidrs, ports, protocols}: no peers and no
cidrs = any address (the rule then limits the ports only). */}}
{{- define "tessera.netpolRule" -}}
{{- $peers := list -}}
{{- range .peers }}{{ $peers = append $peers . }}{{ end -}}
{{- range .cidrs }}{{ $peers = append $peers (dict "ipBlock" (dict "cidr" .)) }}{{ end -}}
{{- $ports := list -}}
{{- range $p := .ports }}
{{- range $proto := $.protocols | default (list "TCP") }}{{ $ports = append $ports (dict "protocol" $proto "port" (int $p)) }}{{ end }}
{{- end -}}
{{- $rule := dict "ports" $ports -}}
{{- if $peers }}{{ $_ := set $rule .key $peers }}{{ end -}}
{{- toYaml (list $rule) -}}
{{- end -}}

{{/* "true" when the process reaches backend `key` outside the release: its URL is in the chart's
Secret, or assumed in secrets.existingSecret (the same order as tessera.env). */}}
{{- define "tessera.backendExternal" -}}
{{- if or (hasKey (include "tessera.secretData" .root | fromYaml) .key) .root.Values.secrets.existingSecret -}}
true
{{- end -}}
{{- end -}}

{{/* Port of the OpenTelemetry collector: egress.otelCollector.port, else the endpoint's port. */}}
{{- define "tessera.otelPort" -}}
{{- $port := int .Values.networkPolicy.egress.otelCollector.port -}}
{{- if eq $port 0 -}}
{{- $u := urlParse .Values.telemetry.otlpEndpoint -}}
{{- $hostPort := splitList ":" $u.host -}}
{{- $port = ternary (last $hostPort | int) 4318 (gt (len $hostPort) 1) -}}
{{- end -}}
{{- $port -}}
{{- end -}}

{{/* Ingress rules of a component ({root, name}): a service admits its callers (files/trust.yaml) on
its port, the BFF the Ingress controller. */}}
{{- define "tessera.netpolIngress" -}}
{{- $root := .root -}}
{{- $np := $root.Values.networkPolicy -}}
{{- $c := index $root.Values.components .name -}}
{{- $trust := include "tessera.trust" $root | fromYaml -}}
{{- $peers := list -}}
{{- if eq .name "bff" -}}
{{- $peer := dict -}}
{{- with $np.ingressController.namespaceSelector }}{{ $_ := set $peer "namespaceSelector" . }}{{ end -}}
{{- with $np.ingressController.podSelector }}{{ $_ := set $peer "podSelector" . }}{{ end -}}
{{- if not $peer }}{{ fail "networkPolicy.ingressController needs a namespaceSelector or a podSelector" }}{{ end -}}
{{- $peers = append $peers $peer -}}
{{- else -}}
{{- if not (hasKey $trust.callers .name) }}{{ fail (printf "files/trust.yaml names no callers of %s: run node helm/trust.mjs --write" .name) }}{{ end -}}
{{- range (index $trust.callers .name) }}
{{- $peers = append $peers (include "tessera.netpolPodPeer" (dict "root" $root "name" .) | fromYaml) -}}
{{- end }}
{{- end -}}
{{- $rules := list -}}
{{- if $peers }}
{{- $rules = concat $rules (include "tessera.netpolRule" (dict "key" "from" "peers" $peers "ports" (list $c.port)) | fromYamlArray) -}}
{{- end }}
{{- if $np.kubeletCIDRs }}
{{- $rules = concat $rules (include "tessera.netpolRule" (dict "key" "from" "cidrs" $np.kubeletCIDRs "ports" (list $c.port)) | fromYamlArray) -}}
{{- end }}
{{- toYaml $rules -}}
{{- end -}}

{{/* Egress rules of a process ({root, name}; also "ops"): DNS, the services it calls, the bus if it
uses it, the stores it owns, the collector and its external destinations. */}}
{{- define "tessera.netpolEgress" -}}
{{- $root := .root -}}
{{- $name := .name -}}
{{- $eg := $root.Values.networkPolicy.egress -}}
{{- $trust := include "tessera.trust" $root | fromYaml -}}
{{- $c := index $root.Values.components $name | default dict -}}
{{- $rules := include "tessera.netpolRule" (dict "key" "to" "peers" $eg.dns.to "ports" (list $eg.dns.port) "protocols" (list "UDP" "TCP")) | fromYamlArray -}}
{{- range $svc, $callers := $trust.callers }}
{{- if has $name $callers }}
{{- $peer := include "tessera.netpolPodPeer" (dict "root" $root "name" $svc) | fromYaml -}}
{{- $port := (index $root.Values.components $svc).port -}}
{{- $rules = concat $rules (include "tessera.netpolRule" (dict "key" "to" "peers" (list $peer) "ports" (list $port)) | fromYamlArray) -}}
{{- end }}
{{- end }}
{{- if has $name $trust.busUsers }}
{{- if include "tessera.backendExternal" (dict "root" $root "key" "NATS_URL") }}
{{- $rules = concat $rules (include "tessera.netpolRule" (dict "key" "to" "peers" $eg.nats.peers "cidrs" $eg.nats.cidrs "ports" (list $eg.nats.port)) | fromYamlArray) -}}
{{- else if $root.Values.devNats.enabled }}
{{- $peer := include "tessera.netpolPodPeer" (dict "root" $root "name" "nats") | fromYaml -}}
{{- $rules = concat $rules (include "tessera.netpolRule" (dict "key" "to" "peers" (list $peer) "ports" (list 4222)) | fromYamlArray) -}}
{{- end }}
{{- end }}
{{- range $key, $store := dict "MONGODB_URL" $eg.mongodb "REDIS_URL" $eg.redis }}
{{- if and (has $key ($c.backends | default list)) (include "tessera.backendExternal" (dict "root" $root "key" $key)) }}
{{- $rules = concat $rules (include "tessera.netpolRule" (dict "key" "to" "peers" $store.peers "cidrs" $store.cidrs "ports" (list $store.port)) | fromYamlArray) -}}
{{- end }}
{{- end }}
{{- if $root.Values.telemetry.otlpEndpoint }}
{{- $o := $eg.otelCollector -}}
{{- $rules = concat $rules (include "tessera.netpolRule" (dict "key" "to" "peers" $o.peers "cidrs" $o.cidrs "ports" (list (include "tessera.otelPort" $root))) | fromYamlArray) -}}
{{- end }}
{{- range (index $eg.external $name | default list) }}
{{- $rules = concat $rules (include "tessera.netpolRule" (dict "key" "to" "cidrs" .cidrs "ports" .ports) | fromYamlArray) -}}
{{- end }}
{{- toYaml $rules -}}
{{- end -}}

{{/* The NetworkPolicy of one process ({root, name, ingress: bool}). */}}
{{- define "tessera.networkPolicy" -}}
{{- $root := .root -}}
{{- $egress := $root.Values.networkPolicy.egress.enabled -}}
{{- $types := list -}}
{{- $spec := dict "podSelector" (dict "matchLabels" (include "tessera.selectorLabels" . | fromYaml)) -}}
{{- if .ingress }}
{{- $types = append $types "Ingress" -}}
{{- $_ := set $spec "ingress" (include "tessera.netpolIngress" . | fromYamlArray) -}}
{{- end }}
{{- if $egress }}
{{- $types = append $types "Egress" -}}
{{- $_ := set $spec "egress" (include "tessera.netpolEgress" . | fromYamlArray) -}}
{{- end }}
{{- $_ := set $spec "policyTypes" $types -}}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "tessera.componentName" . }}
  labels:
    {{- include "tessera.labels" . | nindent 4 }}
spec:
  {{- toYaml $spec | nindent 2 }}
{{- end -}}
