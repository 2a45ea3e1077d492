{{/*
Service identity: each process's SERVICE_KEY, the services' SERVICE_JWKS, the NATS users. They come
from secrets.values (all of them, e.g. from node scripts/service-keys.mjs), or, by default, from the
Secret <fullname>-identity that the hook Job of templates/identity-job.yaml creates once and keeps
(files/service-identity.mjs), or from secrets.existingSecret with serviceIdentity.generate=false.
*/}}

{{/* "true" when the development NATS runs with a user per process: all their passwords are available. */}}
{{- define "tessera.natsAuth" -}}
{{- $root := . -}}
{{- $ok := true -}}
{{- range $name, $c := $root.Values.components }}
{{- if has "NATS_URL" $c.backends }}
{{- if not (include "tessera.identityHas" (dict "root" $root "key" (include "tessera.identityKey" (dict "variable" "NATS_PASSWORD" "name" $name)))) }}{{ $ok = false }}{{ end }}
{{- end }}
{{- end -}}
{{- if $ok }}true{{ end -}}
{{- end -}}

{{/* The chart Secret's key holding a component's copy of SERVICE_KEY or NATS_PASSWORD. */}}
{{- define "tessera.identityKey" -}}
{{- printf "%s_%s" .variable (upper .name) -}}
{{- end -}}

{{/*
Where the service identity (SERVICE_JWKS, SERVICE_KEY_*, NATS_PASSWORD_*) comes from:
"values" when secrets.values sets SERVICE_JWKS (the chart Secret); else "generated" with
serviceIdentity.generate (the Secret the hook Job of templates/identity-job.yaml creates once and
keeps); else "existing" when secrets.existingSecret is named; else "" (the processes do not start).
*/}}
{{- define "tessera.identitySource" -}}
{{- if .Values.secrets.values.SERVICE_JWKS -}}values
{{- else if .Values.serviceIdentity.generate -}}generated
{{- else if .Values.secrets.existingSecret -}}existing
{{- end -}}
{{- end -}}

{{/* The Secret the hook Job creates (not part of the release: upgrades and uninstall leave it). */}}
{{- define "tessera.identitySecretName" -}}
{{- printf "%s-identity" (include "tessera.fullname" .) -}}
{{- end -}}

{{/* The processes the hook Job generates a key for (every component, and ops), comma-separated. */}}
{{- define "tessera.identityProcesses" -}}
{{- join "," (append (keys .Values.components | sortAlpha) "ops") -}}
{{- end -}}

{{/* The bus users the hook Job generates a NATS password for: the components that use NATS_URL. */}}
{{- define "tessera.identityNatsUsers" -}}
{{- $users := list -}}
{{- range $name, $c := .Values.components }}{{ if has "NATS_URL" $c.backends }}{{ $users = append $users $name }}{{ end }}{{ end -}}
{{- join "," (sortAlpha $users) -}}
{{- end -}}

{{/* "true" when identity key .key reaches the pods: generated, in the chart Secret, or maybe in existingSecret. */}}
{{- define "tessera.identityHas" -}}
{{- if or (eq (include "tessera.identitySource" .root) "generated") (include "tessera.isConfigured" .) -}}
true
{{- end -}}
{{- end -}}

{{/* Variable .env from identity key .key: the generated Secret when the chart generates the identity. */}}
{{- define "tessera.identitySecretEnv" -}}
{{- if eq (include "tessera.identitySource" .root) "generated" }}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ include "tessera.identitySecretName" .root }}
      key: {{ .key }}
      optional: false
{{- else }}
{{- include "tessera.secretEnv" . }}
{{- end }}
{{- end -}}

{{/*
Service identity of a component, from the Secret: SERVICE_KEY (its private key, key
SERVICE_KEY_<NAME>), SERVICE_JWKS (every process's public key; services only, the BFF verifies
nobody), and when it uses a NATS (backends.natsUrl, devNats or maybe secrets.existingSecret) its
user: NATS_USER <name> and NATS_PASSWORD (key NATS_PASSWORD_<NAME>). From the generated Secret by
default; keys the chart Secret lacks are left out (the process then refuses to start, naming the
variable), unless secrets.existingSecret may hold them.
*/}}
{{- define "tessera.identityEnv" -}}
{{- $root := .root -}}
{{- $c := index $root.Values.components .name -}}
{{- $refs := list (dict "env" "SERVICE_KEY" "key" (include "tessera.identityKey" (dict "variable" "SERVICE_KEY" "name" .name))) -}}
{{- if ne .name "bff" }}{{ $refs = append $refs (dict "env" "SERVICE_JWKS" "key" "SERVICE_JWKS") }}{{ end -}}
{{- $natsKey := include "tessera.identityKey" (dict "variable" "NATS_PASSWORD" "name" .name) -}}
{{- $bus := or $root.Values.devNats.enabled (include "tessera.isConfigured" (dict "root" $root "key" "NATS_URL")) -}}
{{- $nats := and $bus (has "NATS_URL" $c.backends) (include "tessera.identityHas" (dict "root" $root "key" $natsKey)) -}}
{{- if $nats }}{{ $refs = append $refs (dict "env" "NATS_PASSWORD" "key" $natsKey) }}{{ end -}}
{{- if $nats }}
- name: NATS_USER
  value: {{ .name | quote }}
{{- end }}
{{- range $refs }}
{{- include "tessera.identitySecretEnv" (dict "root" $root "env" .env "key" .key) }}
{{- end }}
{{- end -}}

{{/* Fails the render when secrets.values sets some of the identity but not all of it. */}}
{{- define "tessera.validateIdentityValues" -}}
{{- $root := . -}}
{{- $v := $root.Values.secrets.values -}}
{{- $partial := false -}}
{{- range $k, $val := $v }}{{ if and $val (or (hasPrefix "SERVICE_" $k) (hasPrefix "NATS_PASSWORD_" $k)) }}{{ $partial = true }}{{ end }}{{ end -}}
{{- if $partial }}
{{- $wanted := list "SERVICE_JWKS" -}}
{{- range $name, $c := $root.Values.components }}
{{- $wanted = append $wanted (include "tessera.identityKey" (dict "variable" "SERVICE_KEY" "name" $name)) }}
{{- if has "NATS_URL" $c.backends }}{{ $wanted = append $wanted (include "tessera.identityKey" (dict "variable" "NATS_PASSWORD" "name" $name)) }}{{ end }}
{{- end }}
{{- range $wanted }}
{{- if not (index $v .) }}{{ fail (printf "%s (service identity) is not configured: secrets.values sets part of the service identity; set all of SERVICE_JWKS, SERVICE_KEY_* and NATS_PASSWORD_* (node scripts/service-keys.mjs) or none of them (the chart then generates them)" .) }}{{ end }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Annotations of the identity hook's objects; the argument is the hook weight (RBAC before the Job). */}}
{{- define "tessera.identityHook" -}}
helm.sh/hook: pre-install,pre-upgrade
helm.sh/hook-weight: {{ . | quote }}
helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
{{- end -}}
