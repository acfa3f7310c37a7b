"""Player accounts (issue #17, point 1): sign-up and login by e-mail, password reset, claim codes, profile."""
