{{/*
Shared named templates. Each per-process template (identity.yaml, canvas.yaml, ...) is one call:
  {{ include "tessera.component" (dict "root" $ "name" "<component>") }}
which renders that component's Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget
(and PersistentVolumeClaim when enabled) from `.Values.components.<component>`. Names, labels,
configuration and pod pieces are here; the object templates themselves are in _resources.tpl.
Templates taking a component get the dict {root, name}.
*/}}

{{/* ===================================================================== names and labels */}}

{{- define "tessera.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "tessera.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Name of a component's Deployment, Service, HPA and PDB: also its DNS name for peers. */}}
{{- define "tessera.componentName" -}}
{{- printf "%s-%s" (include "tessera.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "tessera.selectorLabels" -}}
app.kubernetes.io/name: {{ include "tessera.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "tessera.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "tessera.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: tessera
{{- end -}}

{{- define "tessera.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "tessera.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* ===================================================================== configuration */}}

{{/* The Secret the chart renders: backend URLs, plus secrets.values unless existingSecret is used. */}}
{{- define "tessera.secretName" -}}
{{- printf "%s-secrets" (include "tessera.fullname" .) -}}
{{- end -}}

{{/* Backend URLs by the variable name the processes read. */}}
{{- define "tessera.backendUrls" -}}
MONGODB_URL: {{ .Values.backends.mongodbUrl | default "" | toString | quote }}
REDIS_URL: {{ .Values.backends.redisUrl | default "" | toString | quote }}
NATS_URL: {{ .Values.backends.natsUrl | default "" | toString | quote }}
{{- end -}}

{{/* Every key the chart's Secret may hold: application secrets plus backend URLs. */}}
{{- define "tessera.secretKeys" -}}
{{- $keys := keys (include "tessera.backendUrls" . | fromYaml) -}}
{{- range $k, $_ := .Values.secrets.values }}{{ $keys = append $keys $k }}{{ end -}}
{{- toYaml (sortAlpha $keys) -}}
{{- end -}}

{{/* The chart Secret's content (non-empty values only) as a YAML map; also hashed into pods. */}}
{{- define "tessera.secretData" -}}
{{- $data := dict -}}
{{- if not .Values.secrets.existingSecret }}
{{- range $k, $v := .Values.secrets.values }}{{ if $v }}{{ $_ := set $data $k (toString $v) }}{{ end }}{{ end -}}
{{- end }}
{{- range $k, $v := include "tessera.backendUrls" . | fromYaml }}{{ if $v }}{{ $_ := set $data $k $v }}{{ end }}{{ end -}}
{{- toYaml $data -}}
{{- end -}}

{{/* "true" when key .key has a value: in the chart Secret, or assumed in secrets.existingSecret. */}}
{{- define "tessera.isConfigured" -}}
{{- if or .root.Values.secrets.existingSecret (hasKey (include "tessera.secretData" .root | fromYaml) .key) -}}
true
{{- end -}}
{{- end -}}

{{/* Why a component must stay at one replica ("" when it may scale). */}}
{{- define "tessera.pinReasons" -}}
{{- $c := index .root.Values.components .name -}}
{{- $reasons := list -}}
{{- range $c.sharedState }}
{{- if not (include "tessera.isConfigured" (dict "root" $.root "key" .)) }}{{ $reasons = append $reasons (printf "%s not configured" .) }}{{ end }}
{{- end }}
{{- if and $c.persistence $c.persistence.enabled }}{{ $reasons = append $reasons "persistence uses a ReadWriteOnce volume" }}{{ end -}}
{{- join "; " $reasons -}}
{{- end -}}

{{- define "tessera.publicUrl" -}}
{{- if .Values.publicUrl -}}
{{- .Values.publicUrl -}}
{{- else if .Values.ingress.enabled -}}
{{- printf "%s://%s" (ternary "https" "http" .Values.ingress.tls.enabled) .Values.ingress.host -}}
{{- end -}}
{{- end -}}

{{- define "tessera.image" -}}
{{- $c := index .root.Values.components .name -}}
{{- $repo := $c.image.repository -}}
{{- $registry := .root.Values.image.registry | default "" | trimSuffix "/" -}}
{{- if and $registry (not (contains "/" $repo)) }}{{ $repo = printf "%s/%s" $registry $repo }}{{ end -}}
{{- $tag := $c.image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion | toString -}}
{{- if or (eq $tag "latest") (hasPrefix "latest@" $tag) -}}
{{- fail (printf "components.%s.image: the tag \"latest\" is not allowed; pin a version or digest" .name) -}}
{{- end -}}
{{- if hasPrefix "sha256:" $tag }}{{ printf "%s@%s" $repo $tag }}{{ else }}{{ printf "%s:%s" $repo $tag }}{{ end -}}
{{- end -}}

{{/* Fails the render on values that would deploy something broken. */}}
{{- define "tessera.validate" -}}
{{- $root := .root -}}
{{- $c := index $root.Values.components .name -}}
{{- if not $c }}{{ fail (printf "components.%s is missing from values" .name) }}{{ end -}}
{{- $secretKeys := include "tessera.secretKeys" $root | fromYamlArray -}}
{{- $backendKeys := keys (include "tessera.backendUrls" $root | fromYaml) -}}
{{- range $k, $_ := $c.env }}
{{- if has $k (concat $secretKeys (list "SERVICE_KEY" "NATS_PASSWORD")) }}{{ fail (printf "components.%s.env.%s is a secret: set it under secrets.values (or backends) instead" $.name $k) }}{{ end }}
{{- end }}
{{- range $c.secretEnv }}
{{- if not (hasKey $root.Values.secrets.values .) }}{{ fail (printf "components.%s.secretEnv: %s is not a key of secrets.values" $.name .) }}{{ end }}
{{- end }}
{{- range $c.backends }}
{{- if not (has . $backendKeys) }}{{ fail (printf "components.%s.backends: %s is not one of %s" $.name . (join ", " (sortAlpha $backendKeys))) }}{{ end }}
{{- end }}
{{- range $c.sharedState }}
{{- if not (has . $secretKeys) }}{{ fail (printf "components.%s.sharedState: unknown key %s" $.name .) }}{{ end }}
{{- end }}
{{- if $root.Values.secrets.existingSecret }}
{{- range $k, $v := $root.Values.secrets.values }}
{{- if $v }}{{ fail (printf "secrets.values.%s is set but secrets.existingSecret is used: put it in that Secret instead" $k) }}{{ end }}
{{- end }}
{{- end }}
{{- include "tessera.validateIdentityValues" $root }}
{{- if and $c.hpa.enabled (gt (int $c.hpa.minReplicas) (int $c.hpa.maxReplicas)) }}
{{- fail (printf "components.%s.hpa: minReplicas is greater than maxReplicas" .name) }}
{{- end }}
{{- if $root.Values.backends.requireExternal }}
{{- $keys := list "SERVICE_JWKS" (include "tessera.identityKey" (dict "variable" "SERVICE_KEY" "name" .name)) }}
{{- if has "NATS_URL" $c.backends }}{{ $keys = append $keys (include "tessera.identityKey" (dict "variable" "NATS_PASSWORD" "name" .name)) }}{{ end }}
{{- range $keys }}
{{- if not (include "tessera.identityHas" (dict "root" $root "key" .)) }}{{ fail (printf "backends.requireExternal is on but %s (service identity) is not configured: generate it with node scripts/service-keys.mjs, or use secrets.existingSecret" .) }}{{ end }}
{{- end }}
{{- range $c.backends }}
{{- if not (include "tessera.isConfigured" (dict "root" $root "key" .)) }}{{ fail (printf "backends.requireExternal is on but %s is not configured (set backends.* or secrets.existingSecret)" .) }}{{ end }}
{{- end }}
{{- end }}
{{- $pinned := include "tessera.pinReasons" . -}}
{{- if and $pinned $root.Values.strictScaling }}
{{- fail (printf "strictScaling: components.%s would be pinned to one replica (%s)" .name $pinned) }}
{{- end }}
{{- end -}}

{{/* ===================================================================== pod pieces */}}

{{/* Environment of a component: process settings, peers, backends, secrets, extra env. */}}
{{- define "tessera.env" -}}
{{- $root := .root -}}
{{- $c := index $root.Values.components .name -}}
- name: HOST
  value: "0.0.0.0"
- name: PORT
  value: {{ $c.port | quote }}
- name: METRICS_PORT
  value: {{ $root.Values.monitoring.metricsPort | quote }}
- name: LOG_LEVEL
  value: {{ $root.Values.logLevel | quote }}
- name: DATA_DIR
  value: {{ $root.Values.pod.dataDir | quote }}
- name: OTEL_SERVICE_NAME
  value: {{ printf "tessera-%s" .name | quote }}
{{- with $root.Values.telemetry.otlpEndpoint }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ . | quote }}
{{- end }}
- name: OTEL_TRACES_SAMPLER
  value: "parentbased_traceidratio"
- name: OTEL_TRACES_SAMPLER_ARG
  value: {{ $root.Values.telemetry.sampleRatio | toString | quote }}
{{- /* service.version on spans: the image tag the pod runs (the chart's appVersion by default) */}}
- name: TESSERA_VERSION
  value: {{ $c.image.tag | default $root.Values.image.tag | default $root.Chart.AppVersion | toString | quote }}
{{- range $peer := list "identity" "canvas" "lock" "payment" "renderer" "submission" }}
{{- if ne $peer $.name }}
- name: {{ printf "%s_URL" (upper $peer) }}
  value: {{ printf "http://%s:%v" (include "tessera.componentName" (dict "root" $root "name" $peer)) (index $root.Values.components $peer).port | quote }}
{{- end }}
{{- end }}
{{- range $key := concat $c.backends $c.secretEnv }}
{{- $fromSecret := include "tessera.secretEnv" (dict "root" $root "env" $key "key" $key) }}
{{- if $fromSecret }}
{{- $fromSecret }}
{{- else if and (eq $key "NATS_URL") $root.Values.devNats.enabled }}
- name: NATS_URL
  value: {{ printf "nats://%s-nats:4222" (include "tessera.fullname" $root) | quote }}
{{- end }}
{{- end }}
{{- include "tessera.identityEnv" . }}
{{- if or (eq .name "bff") (eq .name "identity") }}
{{- with include "tessera.publicUrl" $root }}
- name: PUBLIC_URL
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- if eq .name "bff" }}
{{- if $root.Values.ingress.enabled }}
- name: TRUST_PROXY
  value: {{ $root.Values.ingress.trustProxy | default "1" | quote }}
{{- end }}
{{- end }}
{{- range $k, $v := $c.env }}
- name: {{ $k }}
  value: {{ $v | toString | quote }}
{{- end }}
{{- end -}}

{{/*
Variable .env from key .key of a Secret: the chart Secret when it holds the key (required there);
else secrets.existingSecret when one is named (optional: it may lack the key); else nothing.
*/}}
{{- define "tessera.secretEnv" -}}
{{- $root := .root -}}
{{- $existing := $root.Values.secrets.existingSecret -}}
{{- if hasKey (include "tessera.secretData" $root | fromYaml) .key }}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ include "tessera.secretName" $root }}
      key: {{ .key }}
      optional: false
{{- else if $existing }}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ $existing }}
      key: {{ .key }}
      optional: true
{{- end }}
{{- end -}}

{{- define "tessera.probes" -}}
{{- $c := index .root.Values.components .name -}}
{{- $p := .root.Values.probes -}}
{{- range $kind := list "startup" "liveness" "readiness" }}
{{ $kind }}Probe:
  {{- if eq $c.protocol "grpc" }}
  grpc:
    port: {{ $c.port }}
  {{- else }}
  httpGet:
    path: {{ ternary $c.readinessPath $c.livenessPath (eq $kind "readiness") }}
    port: http
  {{- end }}
  {{- toYaml (index $p $kind) | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Everything one component needs. */}}
{{- define "tessera.component" -}}
{{- include "tessera.validate" . -}}
{{- $c := index .root.Values.components .name -}}
{{ include "tessera.deployment" . }}
---
{{ include "tessera.service" . }}
{{- if $c.hpa.enabled }}
---
{{ include "tessera.hpa" . }}
{{- end }}
{{- if $c.pdb.enabled }}
---
{{ include "tessera.pdb" . }}
{{- end }}
{{- if and $c.persistence $c.persistence.enabled }}
---
{{ include "tessera.pvc" . }}
{{- end }}
{{- end -}}

{{- /* Annotation-based scrape discovery of the metrics port (monitoring.podAnnotations). */ -}}
{{- define "tessera.scrapeAnnotations" -}}
{{- if .Values.monitoring.podAnnotations }}
prometheus.io/scrape: "true"
prometheus.io/port: {{ .Values.monitoring.metricsPort | quote }}
prometheus.io/path: /metrics
{{- end }}
{{- end -}}
