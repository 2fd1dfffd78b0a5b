//! `morpion`: tic-tac-toe against the calculator, or between two people or two computers
//! (the game is `programs::morpion`; docs/playing.md#tic-tac-toe).
#![no_std]
#![no_main]

programs::entry!(programs::morpion::main);
