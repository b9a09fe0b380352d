package stripetest

import (
	"os/exec"
	"syscall"
)

// stopOnParentExit has the kernel kill cmd when the thread that starts it
// ends, which startMock keeps for the process's life.
func stopOnParentExit(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
