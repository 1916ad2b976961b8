#!/usr/bin/env bash
# Connect clients nobody here wrote, against the release binary on a free
# loopback port (memory store, an admin API key):
#   - `buf curl --protocol connect` (npm @bufbuild/buf) on every unary call
#     of GameService, AdminService and TournamentService, and on WatchGame;
#   - @connectrpc/connect-node with JSON and with binary (.ci/connect-node);
#   - connectrpc, the official Python client from PyPI, with JSON and with
#     binary, the reads by GET (.ci/connect-python).
# Everything is installed from the registries into a scratch directory by
# this script (npm ci, pip in a venv).
#
#   bash .ci/connect.sh               # after cargo build --release
#   SATRAP_BIN=path/to/satrap bash .ci/connect.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

BIN="${SATRAP_BIN:-target/release/satrap}"
if [[ ! -x $BIN ]]; then
  echo "no satrap binary at $BIN (cargo build --release, or set SATRAP_BIN)" >&2
  exit 1
fi
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
# An admin key for the server below (its hash in a keys file it reads).
keys="$(mktemp -t satrap-connect-keys.XXXXXX)"
"$BIN" api-key ci admin >"$keys.out"
KEY="$(sed -n 2p "$keys.out")"
sed -n 4p "$keys.out" >"$keys"
rm -f "$keys.out"
export SATRAP_API_KEYS_FILE="$keys"
WORK_NAME=connect
# shellcheck source=.ci/serve-setup.sh
source .ci/serve-setup.sh
trap 'cleanup; rm -f "$keys"' EXIT

echo "== npm ci (.ci/connect-node: @bufbuild/buf, protoc-gen-es, connect-node)" >&2
cp -r .ci/connect-node "$work/node"
rm -rf "$work/node/node_modules" "$work/node/gen"
(cd "$work/node" && timeout 240 npm ci --no-audit --no-fund >"$work/npm.log" 2>&1) ||
  { tail -n 40 "$work/npm.log" >&2; exit 1; }
BUF="$work/node/node_modules/.bin/buf"

# --- buf curl ---------------------------------------------------------------
G="http://$addr/satrap.v1.GameService"
A="http://$addr/satrap.v1.AdminService"
T="http://$addr/satrap.v1.TournamentService"
# bc URL JSON [curl-style -H options]: one call over Connect, its JSON answer.
bc() {
  timeout 30 "$BUF" curl --schema "$ROOT/proto" --protocol connect \
    -H "x-api-key: $KEY" "${@:3}" -d "$2" "$1"
}
called=()
ok() { called+=("$1"); echo "   buf curl $1: ok" >&2; }

[[ $(bc "$G/ListGameTypes" '{}' | jq '.gameTypes | length') == 4 ]] && ok ListGameTypes
NEW=$(bc "$G/CreateGame" '{"gameType":"king_of_siam","seats":[{"name":"a"},{"name":"b"}],"seed":"21"}')
GAME=$(jq -r .gameId <<<"$NEW") && ok CreateGame
[[ $(bc "$G/GetGame" "{\"gameId\":\"$GAME\"}" | jq -r .snapshot.gameId) == "$GAME" ]] && ok GetGame
# The seat to act: the one with legal actions.
for seat in 0 1; do
  TOKEN=$(jq -r ".seats[$seat].token" <<<"$NEW")
  LEGAL=$(bc "$G/ListLegalActions" "{\"gameId\":\"$GAME\"}" -H "authorization: Bearer $TOKEN")
  [[ $(jq '.actions | length' <<<"$LEGAL") -gt 0 ]] && break
done
ok ListLegalActions
MOVE=$(jq -c --arg g "$GAME" '{gameId: $g, notation: .actions[0].notation, expectedVersion: (.version // "0")}' <<<"$LEGAL")
[[ $(bc "$G/ApplyAction" "$MOVE" -H "authorization: Bearer $TOKEN" | jq -r .snapshot.version) == 1 ]] && ok ApplyAction
[[ $(bc "$G/GetHistory" "{\"gameId\":\"$GAME\"}" | jq '.entries | length') == 1 ]] && ok GetHistory
bc "$G/ListGames" '{"gameType":"king_of_siam"}' | jq -e --arg g "$GAME" '[.games[].gameId] | index($g) != null' >/dev/null && ok ListGames
# Chat and offers: the seat that moved talks and offers a draw, the other declines.
OTHER=$(jq -r ".seats[$((1 - seat))].token" <<<"$NEW")
[[ $(bc "$G/SendChatMessage" "{\"gameId\":\"$GAME\",\"text\":\"hi\"}" -H "authorization: Bearer $TOKEN" | jq -r .message.id) == 1 ]] && ok SendChatMessage
OFFER=$(bc "$G/MakeOffer" "{\"gameId\":\"$GAME\",\"kind\":\"OFFER_KIND_DRAW\"}" -H "authorization: Bearer $TOKEN" | jq -r .offer.id)
[[ $OFFER == 2 ]] && ok MakeOffer
[[ $(bc "$G/AnswerOffer" "{\"gameId\":\"$GAME\",\"offerId\":\"$OFFER\",\"accept\":false}" -H "authorization: Bearer $OTHER" | jq -r .offer.status) == OFFER_STATUS_DECLINED ]] && ok AnswerOffer
TOKEN=$(bc "$G/RotateSeatToken" "{\"gameId\":\"$GAME\"}" -H "authorization: Bearer $TOKEN" | jq -r .credential.token)
[[ -n $TOKEN && $TOKEN != null ]] && ok RotateSeatToken
[[ $(bc "$G/Resign" "{\"gameId\":\"$GAME\"}" -H "authorization: Bearer $TOKEN" | jq -r .snapshot.gameId) == "$GAME" ]] && ok Resign
OPEN=$(bc "$G/CreateGame" '{"gameType":"king_of_siam","seats":[{"open":true},{"open":true}]}' | jq -r .gameId)
SEAT=$(bc "$G/JoinGame" "{\"gameId\":\"$OPEN\",\"name\":\"j\"}" | jq -r .seat.token)
[[ -n $SEAT && $SEAT != null ]] && ok JoinGame
[[ $(bc "$G/LeaveGame" "{\"gameId\":\"$OPEN\"}" -H "authorization: Bearer $SEAT" | jq -r .snapshot.gameId) == "$OPEN" ]] && ok LeaveGame
bc "$G/GetRatings" '{"gameType":"king_of_siam","playerIds":["nobody"]}' | jq -e . >/dev/null && ok GetRatings
bc "$G/ListLeaderboard" '{"gameType":"king_of_siam"}' | jq -e . >/dev/null && ok ListLeaderboard
# A keyed server without --guests: only keys create, rated play is on.
bc "$G/GetServerInfo" '{}' | jq -e '.create == "CREATE_POLICY_KEYS_ONLY" and .ratedPlay == true' >/dev/null && ok GetServerInfo
[[ $(bc "$A/ReissueSeatToken" "{\"gameId\":\"$GAME\",\"seat\":1}" | jq -r .credential.seat) == 1 ]] && ok ReissueSeatToken
bc "$A/MuteChat" "{\"gameId\":\"$GAME\",\"seat\":1,\"muted\":true}" | jq -e . >/dev/null && ok MuteChat
bc "$A/DeleteChatMessage" "{\"gameId\":\"$GAME\",\"messageId\":\"1\"}" | jq -e . >/dev/null && ok DeleteChatMessage
[[ $(bc "$A/AbortGame" "{\"gameId\":\"$OPEN\"}" | jq -r .snapshot.gameId) == "$OPEN" ]] && ok AbortGame
bc "$A/DeleteGame" "{\"gameId\":\"$OPEN\"}" | jq -e . >/dev/null && ok DeleteGame
# Tournaments: made, entered, read, listed, left (before the start, far
# off, so it never runs here).
START=$(( $(date +%s) * 1000 + 3600000 ))
CUP=$(bc "$T/CreateTournament" "{\"settings\":{\"name\":\"ci\",\"gameType\":\"king_of_siam\",\"playersPerTable\":2,\"format\":\"TOURNAMENT_FORMAT_SWISS\",\"rounds\":1,\"timeControl\":{\"perMoveMs\":\"10000\"},\"startAtMs\":\"$START\"}}" | jq -r .tournament.tournamentId)
[[ -n $CUP && $CUP != null ]] && ok CreateTournament
[[ $(bc "$T/JoinTournament" "{\"tournamentId\":\"$CUP\",\"playerId\":\"bot:random\"}" | jq -r '.entrant.playerIds[0]') == bot:random ]] && ok JoinTournament
[[ $(bc "$T/GetTournament" "{\"tournamentId\":\"$CUP\"}" | jq '.tournament.entrants | length') == 1 ]] && ok GetTournament
bc "$T/ListTournaments" '{}' | jq -e --arg t "$CUP" '[.tournaments[].tournamentId] | index($t) != null' >/dev/null && ok ListTournaments
# Before the start there is no game to take a seat in: the refusal keeps
# its Connect code.
if bc "$T/TakeTournamentSeat" "{\"tournamentId\":\"$CUP\",\"gameId\":\"none\",\"playerId\":\"u1\"}" >"$work/err.out" 2>"$work/err.log"; then
  echo "!! TakeTournamentSeat before the start succeeded" >&2; exit 1
fi
grep -q failed_precondition "$work/err.log" && ok TakeTournamentSeat
[[ $(bc "$T/LeaveTournament" "{\"tournamentId\":\"$CUP\",\"playerId\":\"bot:random\"}" | jq -r .entrant.withdrawn) == true ]] && ok LeaveTournament
# An error keeps its Connect code.
if bc "$G/GetGame" '{"gameId":"no-such-game"}' >"$work/err.out" 2>"$work/err.log"; then
  echo "!! GetGame of a missing game succeeded" >&2; exit 1
fi
grep -q not_found "$work/err.log" || { cat "$work/err.log" >&2; exit 1; }
# WatchGame: a bots' game streamed to its end, every version once.
BOTS=$(bc "$G/CreateGame" '{"gameType":"king_of_siam","seats":[{"name":"x","bot":"random"},{"name":"y","bot":"random"}],"seed":"9"}' | jq -r .gameId)
bc "$G/WatchGame" "{\"gameId\":\"$BOTS\"}" >"$work/watch.json"
versions=$(jq -s '[.[] | select((.cause // "UPDATE_CAUSE_UNSPECIFIED") == "UPDATE_CAUSE_UNSPECIFIED") | (.version // "0" | tonumber)]' "$work/watch.json")
jq -e '. == [range(0; length)] and length > 1' <<<"$versions" >/dev/null ||
  { echo "!! WatchGame versions: $versions" >&2; exit 1; }
[[ $(jq -rs 'last | .snapshot.status' "$work/watch.json") == GAME_STATUS_FINISHED ]] ||
  { echo "!! WatchGame did not end with the finished game" >&2; exit 1; }
ok "WatchGame ($(jq length <<<"$versions") versions)"
# Every unary method of the protos was called above.
for method in $(grep -ho 'rpc [A-Za-z]*([A-Za-z]*) returns ([A-Za-z]*)' proto/satrap/v1/service.proto proto/satrap/v1/admin.proto proto/satrap/v1/tournament.proto | awk '{print $2}' | cut -d'(' -f1); do
  printf '%s\n' "${called[@]}" | grep -x "$method" >/dev/null || { echo "!! buf curl did not call $method" >&2; exit 1; }
done

# --- @connectrpc/connect-node -----------------------------------------------
(cd "$work/node" && timeout 60 npx buf generate "$ROOT/proto" --template buf.gen.yaml &&
  SATRAP_ADDR="$addr" SATRAP_KEY="$KEY" timeout 120 node check.mjs)

# --- connectrpc (Python) ----------------------------------------------------
echo "== pip install (.ci/connect-python/requirements.txt) into a venv" >&2
python3 -m venv "$work/venv"
timeout 240 "$work/venv/bin/pip" install -q -r .ci/connect-python/requirements.txt >"$work/pip.log" 2>&1 ||
  { tail -n 40 "$work/pip.log" >&2; exit 1; }
mkdir -p "$work/py"
"$work/venv/bin/python" -m grpc_tools.protoc -I proto \
  --plugin=protoc-gen-py="$work/venv/bin/protoc-gen-py" --py_out="$work/py" \
  --plugin=protoc-gen-connectrpc="$work/venv/bin/protoc-gen-connectrpc" \
  --connectrpc_out="$work/py" --connectrpc_opt=io=sync \
  $(cd proto && find satrap -name '*.proto' | LC_ALL=C sort)
SATRAP_ADDR="$addr" SATRAP_KEY="$KEY" timeout 120 "$work/venv/bin/python" .ci/connect-python/check.py "$work/py"
echo "== Connect clients passed: buf curl (${#called[@]} methods), connect-node, connectrpc" >&2
