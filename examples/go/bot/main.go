// A satrap bot in Go: creates a lobby game (an open seat for this bot, the
// others built-in bots) with a per-move clock, takes the open seat with
// JoinGame, waits for the start, then follows the game on WatchGame and
// plays random legal actions until it ends. It follows the resume
// contract: a dropped stream is reopened at the last version seen + 1,
// and a move that loses a race (ABORTED) or its clock (FAILED_PRECONDITION)
// is dropped in favour of the next update.
//
//	go run ./bot -server 127.0.0.1:50051 [-api-key KEY] [-ca-file ca.pem]
package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"io/ioutil"
	"math/rand"
	"os"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "satrap.example/gen/satrap/v1"
)

type bot struct {
	rpc    pb.GameServiceClient
	apiKey string
	token  string
	seat   uint32
	game   string
	rng    *rand.Rand
}

// ctx is a call's context: a deadline, the API key and the seat's token.
func (b *bot) ctx(d time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	md := metadata.MD{}
	if b.apiKey != "" {
		md.Set("x-api-key", b.apiKey)
	}
	if b.token != "" {
		md.Set("authorization", "Bearer "+b.token)
	}
	return metadata.NewOutgoingContext(ctx, md), cancel
}

func contains(xs []uint32, x uint32) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// act lists this seat's legal actions and sends one at their version.
func (b *bot) act(version uint64) error {
	ctx, cancel := b.ctx(10 * time.Second)
	defer cancel()
	listed, err := b.rpc.ListLegalActions(ctx, &pb.ListLegalActionsRequest{GameId: b.game})
	if err != nil {
		return err
	}
	if listed.GetVersion() != version || len(listed.GetActions()) == 0 {
		return nil // a newer update is on its way
	}
	pick := listed.GetActions()[b.rng.Intn(len(listed.GetActions()))]
	v := listed.GetVersion()
	for attempt := 0; ; attempt++ {
		ctx, cancel := b.ctx(10 * time.Second)
		_, err = b.rpc.ApplyAction(ctx, &pb.ApplyActionRequest{
			GameId: b.game, ExpectedVersion: &v, Lean: true,
			Move: &pb.ApplyActionRequest_ActionId{ActionId: pick.GetActionId()},
		})
		cancel()
		switch status.Code(err) {
		case codes.OK, codes.Aborted, codes.FailedPrecondition:
			return nil // applied, or lost a race or the clock: the stream tells
		case codes.Unavailable, codes.DeadlineExceeded:
			if attempt < 5 { // maybe applied: the same version again is safe
				time.Sleep(time.Duration(100<<attempt) * time.Millisecond)
				continue
			}
		}
		return err
	}
}

// waitForStart returns the game once it no longer waits for players. The
// start is no new version: an open WatchGame stream gets it as an update
// repeating the current version with `cause` set, but a stream opened after
// it does not. So each attempt reads the game with GetGame first, then
// watches from that version (its update comes first, as the game is once
// the stream listens, so nothing falls between the two calls).
func (b *bot) waitForStart(within time.Duration) (*pb.GameSnapshot, error) {
	deadline := time.Now().Add(within)
	for failures := 0; ; {
		if !time.Now().Before(deadline) {
			return nil, fmt.Errorf("the game did not start in %s", within)
		}
		ctx, cancel := b.ctx(time.Until(deadline))
		snap, err := b.startSeen(ctx)
		cancel()
		if err == nil {
			return snap, nil
		}
		switch status.Code(err) {
		case codes.Unavailable, codes.DeadlineExceeded, codes.Canceled, codes.Unknown:
		default:
			return nil, err
		}
		if failures++; failures > 20 {
			return nil, fmt.Errorf("waiting for the start failed %d times in a row: %w", failures, err)
		}
		time.Sleep(time.Duration(50*failures) * time.Millisecond)
	}
}

// startSeen is one attempt of waitForStart: GetGame, then one stream until
// an update is not waiting; an error if the stream ends before.
func (b *bot) startSeen(ctx context.Context) (*pb.GameSnapshot, error) {
	got, err := b.rpc.GetGame(ctx, &pb.GetGameRequest{GameId: b.game})
	if err != nil {
		return nil, err
	}
	if snap := got.GetSnapshot(); snap.GetStatus() != pb.GameStatus_GAME_STATUS_WAITING {
		return snap, nil
	}
	stream, err := b.rpc.WatchGame(ctx, &pb.WatchGameRequest{GameId: b.game, FromVersion: got.GetSnapshot().GetVersion()})
	if err != nil {
		return nil, err
	}
	for {
		u, err := stream.Recv()
		if err != nil {
			return nil, err // io.EOF reads as codes.Unknown: try again
		}
		if snap := u.GetSnapshot(); snap.GetStatus() != pb.GameStatus_GAME_STATUS_WAITING {
			return snap, nil
		}
	}
}

// play follows the game from `from` until it is finished.
func (b *bot) play(from uint64) (*pb.GameSnapshot, error) {
	next, failures := from, 0
	for {
		ctx, cancel := b.ctx(10 * time.Minute)
		stream, err := b.rpc.WatchGame(ctx, &pb.WatchGameRequest{GameId: b.game, FromVersion: next})
		for err == nil {
			var u *pb.GameUpdate
			if u, err = stream.Recv(); err != nil {
				break
			}
			failures, next = 0, u.GetVersion()+1
			snap := u.GetSnapshot()
			if snap.GetStatus() == pb.GameStatus_GAME_STATUS_FINISHED {
				cancel()
				return snap, nil
			}
			if contains(snap.GetToAct(), b.seat) {
				if err = b.act(snap.GetVersion()); err != nil {
					cancel()
					return nil, err
				}
			}
		}
		cancel()
		switch status.Code(err) {
		case codes.Unavailable, codes.DeadlineExceeded, codes.Canceled, codes.Unknown:
		default:
			if !errors.Is(err, context.DeadlineExceeded) {
				return nil, err
			}
		}
		if failures++; failures > 20 {
			return nil, fmt.Errorf("the stream failed %d times in a row: %w", failures, err)
		}
		time.Sleep(time.Duration(50*failures) * time.Millisecond) // resume at last seen + 1
	}
}

func dial(server, caFile string) (*grpc.ClientConn, error) {
	if caFile == "" {
		return grpc.Dial(server, grpc.WithInsecure())
	}
	pem, err := ioutil.ReadFile(caFile)
	if err != nil {
		return nil, err
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("no certificate in %s", caFile)
	}
	return grpc.Dial(server, grpc.WithTransportCredentials(
		credentials.NewTLS(&tls.Config{RootCAs: roots})))
}

func run() error {
	server := flag.String("server", "127.0.0.1:50051", "host:port of the satrap server")
	apiKey := flag.String("api-key", os.Getenv("SATRAP_API_KEY"), "API key (x-api-key) for CreateGame")
	caFile := flag.String("ca-file", "", "CA certificate (PEM): use TLS and check the server against it")
	game := flag.String("game", "king_of_siam", "game type")
	players := flag.Int("players", 2, "players: this bot and players-1 built-in bots")
	opponent := flag.String("opponent", "random", "the built-in bot of the other seats")
	perMove := flag.Uint64("per-move-ms", 10000, "the turn clock: milliseconds per move")
	seed := flag.Uint64("seed", 1, "the game's seed (and this bot's)")
	flag.Parse()

	conn, err := dial(*server, *caFile)
	if err != nil {
		return err
	}
	defer conn.Close()
	b := &bot{rpc: pb.NewGameServiceClient(conn), apiKey: *apiKey, rng: rand.New(rand.NewSource(int64(*seed)))}

	seats := []*pb.SeatRequest{{Open: true}}
	for i := 1; i < *players; i++ {
		seats = append(seats, &pb.SeatRequest{Name: fmt.Sprintf("%s-%d", *opponent, i), Bot: *opponent})
	}
	ctx, cancel := b.ctx(10 * time.Second)
	created, err := b.rpc.CreateGame(ctx, &pb.CreateGameRequest{
		GameType: *game, Seats: seats, Seed: seed,
		TimeControl: &pb.TimeControl{Kind: &pb.TimeControl_PerMoveMs{PerMoveMs: *perMove}},
		OnTimeout:   pb.TimeoutPolicy_TIMEOUT_POLICY_BOT_MOVES,
	})
	cancel()
	if err != nil {
		return fmt.Errorf("CreateGame: %w", err)
	}
	b.game = created.GetGameId()
	fmt.Printf("game %s: %s, %d players, %d ms per move\n", b.game, *game, *players, *perMove)

	ctx, cancel = b.ctx(10 * time.Second)
	joined, err := b.rpc.JoinGame(ctx, &pb.JoinGameRequest{GameId: b.game, Name: "go-bot"})
	cancel()
	if err != nil {
		return fmt.Errorf("JoinGame: %w", err)
	}
	b.token, b.seat = joined.GetSeat().GetToken(), joined.GetSeat().GetSeat()

	start, err := b.waitForStart(20 * time.Second)
	if err != nil {
		return err
	}
	final, err := b.play(start.GetVersion())
	if err != nil {
		return err
	}
	fmt.Printf("seat %d (go-bot): game over at version %d: %s\n",
		b.seat, final.GetVersion(), final.GetOutcome().GetSummary())
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "go-bot:", err)
		os.Exit(1)
	}
}
