package shop

// BeforeHold makes s run f between a checkout's quote and its hold.
func BeforeHold(s *Service, f func()) { s.beforeHold = f }
