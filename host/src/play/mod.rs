//! Native play: games between AIs run on this computer with fixed seeds, and the helpers the
//! command line needs to read positions.

pub mod connect4;
