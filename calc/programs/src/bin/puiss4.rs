//! `puiss4`: Connect Four against the calculator's AI ladder, between two people, or between
//! two computers (the game is `programs::puiss4`; docs/playing.md#connect-four).
#![no_std]
#![no_main]

programs::entry!(programs::puiss4::main);
