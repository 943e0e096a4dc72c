package adapters

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"time"

	fbauth "firebase.google.com/go/v4/auth"

	"github.com/crmvendas/crm/services/operator/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
)

// FirebaseIdentity finds and creates users with the Firebase Admin SDK.
type FirebaseIdentity struct{ Client *fbauth.Client }

// EnsureUser returns the uid of the user with this e-mail, creating it when missing. With a
// fixed UID (demo seed) the user is created with it, and an existing one gets the given password
// and verification state.
func (f *FirebaseIdentity) EnsureUser(ctx context.Context, u domain.NewUser) (string, bool, error) {
	if f.Client == nil {
		return "", false, errs.Unavailable("Gestão de usuários do Firebase não configurada (credenciais ausentes).", nil)
	}
	existing, err := f.Client.GetUserByEmail(ctx, u.Email)
	if err == nil {
		// A seeded user (fixed uid) is brought back to its description, but its password is only
		// reset when it no longer works: changing it revokes the user's open sessions.
		resetPassword := u.UID != "" && u.Password != "" && !emulatorPasswordWorks(ctx, u.Email, u.Password)
		if u.UID != "" && existing.UID == u.UID && (resetPassword || u.EmailVerified != existing.EmailVerified) {
			upd := (&fbauth.UserToUpdate{}).EmailVerified(u.EmailVerified)
			if resetPassword {
				upd = upd.Password(u.Password)
			}
			if _, err := f.Client.UpdateUser(ctx, existing.UID, upd); err != nil {
				return "", false, errs.Unavailable("Não foi possível atualizar o usuário no Firebase.", err)
			}
		}
		return existing.UID, false, nil
	}
	if !fbauth.IsUserNotFound(err) {
		return "", false, errs.Unavailable("Serviço de autenticação indisponível. Tente novamente em instantes.", err)
	}
	create := (&fbauth.UserToCreate{}).Email(u.Email).EmailVerified(u.EmailVerified)
	if u.UID != "" {
		create = create.UID(u.UID)
	}
	if u.Password != "" {
		create = create.Password(u.Password)
	}
	if u.DisplayName != "" {
		create = create.DisplayName(u.DisplayName)
	}
	rec, err := f.Client.CreateUser(ctx, create)
	if err != nil {
		if fbauth.IsEmailAlreadyExists(err) || fbauth.IsUIDAlreadyExists(err) {
			if again, gerr := f.Client.GetUserByEmail(ctx, u.Email); gerr == nil {
				return again.UID, false, nil
			}
		}
		return "", false, errs.Unavailable("Não foi possível criar o usuário no Firebase.", err)
	}
	return rec.UID, true, nil
}

// emulatorPasswordWorks tells whether email/password signs in on the Auth emulator. Outside the
// emulator it answers true: a real project's passwords are never reset by the seed.
func emulatorPasswordWorks(ctx context.Context, email, password string) bool {
	host := os.Getenv("FIREBASE_AUTH_EMULATOR_HOST")
	if host == "" {
		return true
	}
	body, _ := json.Marshal(map[string]any{"email": email, "password": password, "returnSecureToken": false})
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost,
		"http://"+host+"/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=emulator", bytes.NewReader(body))
	if err != nil {
		return false
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}
