//! `entropy`: New Entropy (or classic Entropy) between two people, a person and the computer,
//! or two computers (the game is `programs::entropy`; docs/playing.md#new-entropy). Its AI is
//! the companion program `entia`.
#![no_std]
#![no_main]

programs::entry!(programs::entropy::main);
