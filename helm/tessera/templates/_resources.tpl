{{/*
The Kubernetes objects of one component (Deployment, Service, HorizontalPodAutoscaler,
PodDisruptionBudget, PersistentVolumeClaim), shared by every per-process template through
"tessera.component" in _helpers.tpl. Each takes the dict {root, name}.
*/}}

{{- define "tessera.deployment" -}}
{{- $root := .root -}}
{{- $c := index $root.Values.components .name -}}
{{- $name := include "tessera.componentName" . -}}
{{- $pinned := include "tessera.pinReasons" . -}}
{{- $portName := ternary "grpc" "http" (eq $c.protocol "grpc") -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $name }}
  labels:
    {{- include "tessera.labels" . | nindent 4 }}
  {{- if $pinned }}
  annotations:
    tessera.dev/pinned-to-one-replica: {{ $pinned | quote }}
  {{- end }}
spec:
  {{- if not $c.hpa.enabled }}
  replicas: {{ ternary 1 $c.replicas (not (empty $pinned)) }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    {{- if $pinned }}
    type: Recreate
    {{- else }}
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
    {{- end }}
  selector:
    matchLabels:
      {{- include "tessera.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "tessera.labels" . | nindent 8 }}
        {{- with $root.Values.pod.labels }}{{ toYaml . | nindent 8 }}{{ end }}
      annotations:
        checksum/secrets: {{ include "tessera.secretData" $root | sha256sum }}
        {{- include "tessera.scrapeAnnotations" $root | nindent 8 }}
        {{- with $root.Values.pod.annotations }}{{ toYaml . | nindent 8 }}{{ end }}
    spec:
      serviceAccountName: {{ include "tessera.serviceAccountName" $root }}
      automountServiceAccountToken: false
      enableServiceLinks: false
      terminationGracePeriodSeconds: {{ $root.Values.pod.terminationGracePeriodSeconds }}
      {{- with $root.Values.pod.priorityClassName }}
      priorityClassName: {{ . }}
      {{- end }}
      securityContext:
        {{- toYaml $root.Values.pod.securityContext | nindent 8 }}
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ .name }}
          image: {{ include "tessera.image" . | quote }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          ports:
            - name: {{ $portName }}
              containerPort: {{ $c.port }}
              protocol: TCP
            - name: metrics
              containerPort: {{ $root.Values.monitoring.metricsPort }}
              protocol: TCP
          env:
            {{- include "tessera.env" . | nindent 12 }}
          resources:
            {{- toYaml $c.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.pod.containerSecurityContext | nindent 12 }}
          {{- include "tessera.probes" . | nindent 10 }}
          {{- if gt (int $root.Values.pod.preStopSleepSeconds) 0 }}
          lifecycle:
            preStop:
              exec:
                command: ["sleep", {{ $root.Values.pod.preStopSleepSeconds | quote }}]
          {{- end }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            - name: data
              mountPath: {{ $root.Values.pod.dataDir }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ $root.Values.pod.tmpSizeLimit }}
        - name: data
          {{- if and $c.persistence $c.persistence.enabled }}
          persistentVolumeClaim:
            claimName: {{ $name }}-data
          {{- else }}
          emptyDir:
            sizeLimit: {{ $root.Values.pod.dataSizeLimit }}
          {{- end }}
      {{- if not $pinned }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "tessera.selectorLabels" . | nindent 14 }}
      {{- end }}
      {{- with $root.Values.pod.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $root.Values.pod.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $root.Values.pod.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end -}}

{{- define "tessera.service" -}}
{{- $c := index .root.Values.components .name -}}
{{- $grpc := eq $c.protocol "grpc" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "tessera.componentName" . }}
  labels:
    {{- include "tessera.labels" . | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "tessera.selectorLabels" . | nindent 4 }}
  ports:
    - name: {{ ternary "grpc" "http" $grpc }}
      port: {{ $c.port }}
      targetPort: {{ ternary "grpc" "http" $grpc }}
      protocol: TCP
      appProtocol: {{ ternary "kubernetes.io/h2c" "http" $grpc }}
{{- end -}}

{{- define "tessera.hpa" -}}
{{- $c := index .root.Values.components .name -}}
{{- $pinned := include "tessera.pinReasons" . -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "tessera.componentName" . }}
  labels:
    {{- include "tessera.labels" . | nindent 4 }}
  {{- if $pinned }}
  annotations:
    tessera.dev/pinned-to-one-replica: {{ $pinned | quote }}
  {{- end }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "tessera.componentName" . }}
  minReplicas: {{ ternary 1 $c.hpa.minReplicas (not (empty $pinned)) }}
  maxReplicas: {{ ternary 1 $c.hpa.maxReplicas (not (empty $pinned)) }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $c.hpa.targetCPUUtilizationPercentage }}
    {{- with $c.hpa.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 300
{{- end -}}

{{/* Never blocks a drain: a component that can be down to one pod gets maxUnavailable 1. */}}
{{- define "tessera.pdb" -}}
{{- $c := index .root.Values.components .name -}}
{{- $pinned := include "tessera.pinReasons" . -}}
{{- $fewest := ternary 1 (ternary $c.hpa.minReplicas $c.replicas $c.hpa.enabled) (not (empty $pinned)) | int -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "tessera.componentName" . }}
  labels:
    {{- include "tessera.labels" . | nindent 4 }}
spec:
  {{- if lt (int $c.pdb.minAvailable) $fewest }}
  minAvailable: {{ $c.pdb.minAvailable }}
  {{- else }}
  maxUnavailable: 1
  {{- end }}
  selector:
    matchLabels:
      {{- include "tessera.selectorLabels" . | nindent 6 }}
{{- end -}}

{{- define "tessera.pvc" -}}
{{- $c := index .root.Values.components .name -}}
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: {{ include "tessera.componentName" . }}-data
  labels:
    {{- include "tessera.labels" . | nindent 4 }}
  annotations:
    helm.sh/resource-policy: keep
spec:
  accessModes: [ReadWriteOnce]
  {{- with $c.persistence.storageClass }}
  storageClassName: {{ . | quote }}
  {{- end }}
  resources:
    requests:
      storage: {{ $c.persistence.size }}
{{- end -}}
