#!/usr/bin/env bash
# Deploys a release: the datastores the migration Job connects to, the Job, and the new pods
# only once it has completed.
#
#   k8s/deploy.sh [OVERLAY]        OVERLAY: k8s/overlays/prod (default) or k8s/overlays/prod-in-cluster
#
# The release is the image tags in k8s/overlays/prod/release; the Secrets must exist
# (docs/operations.md). Exits non-zero, leaving the running version as it is, when the
# migrations fail or the rollout does not become ready in time.
set -euo pipefail

overlay=${1:-k8s/overlays/prod}
migrations=k8s/overlays/prod/migrations
namespace=social-planner
migration_timeout=${MIGRATION_TIMEOUT_SECONDS:-1800}
rollout_timeout=${ROLLOUT_TIMEOUT:-10m}

cd "$(dirname "$0")/.."
kubectl apply -f k8s/base/namespace.yaml

# The Job reaches Postgres as `postgres:5432`: that Service (an ExternalName for a managed one) and,
# with prod-in-cluster, the Postgres and Redis StatefulSets go first, ready before the Job starts
# (on a first install they do not exist yet).
datastores='app.kubernetes.io/name in (postgres,redis)'
kubectl apply -k "$overlay" -l "$datastores"
for statefulset in $(kubectl -n "$namespace" get statefulsets -l "$datastores" -o name); do
  kubectl -n "$namespace" rollout status "$statefulset" --timeout="$rollout_timeout"
done

# A Job's pod template cannot change: the previous release's Job goes first.
kubectl -n "$namespace" delete job migrate --ignore-not-found --wait=true
kubectl apply -k "$migrations"

echo "waiting for the migration Job (at most ${migration_timeout}s)"
deadline=$((SECONDS + migration_timeout))
while :; do
  conditions=$(kubectl -n "$namespace" get job migrate -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type} {end}')
  case " $conditions " in
    *" Complete "*) echo "migrations applied"; break ;;
    *" Failed "*)
      kubectl -n "$namespace" logs job/migrate --all-containers --prefix --tail=50 || true
      echo "migrations failed: the running version is left as it is" >&2
      exit 1 ;;
  esac
  if ((SECONDS > deadline)); then
    echo "the migration Job did not finish in ${migration_timeout}s" >&2
    exit 1
  fi
  sleep 5
done

kubectl apply -k "$overlay"
for deployment in $(kubectl -n "$namespace" get deployments -l app.kubernetes.io/part-of=social-planner -o name); do
  kubectl -n "$namespace" rollout status "$deployment" --timeout="$rollout_timeout"
done
kubectl -n "$namespace" rollout status statefulset/nats --timeout="$rollout_timeout"
