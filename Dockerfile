# Stage 1: compile each service into a self-contained binary.
FROM denoland/deno:2.9.6 AS build
WORKDIR /src
COPY deno.json deno.lock ./
# Resolving without the lock first is much faster than a cold install that follows the lock;
# the frozen pass then proves the result matches the committed lock.
RUN deno install --no-lock && deno install --frozen
COPY . .
RUN deno task compile

# Stage 2: only the binaries, on a slim glibc base (the libSQL driver is a native glibc addon).
FROM debian:bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data app \
 && mkdir -p /data \
 && chown app /data
COPY --from=build /src/dist/ /usr/local/bin/
USER app
WORKDIR /data
ENV DATA_DIR=/data
